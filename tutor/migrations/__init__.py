"""SQL migrations, applied in order by tutor.store (one file per schema version)."""
