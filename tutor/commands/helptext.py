"""The help of every command in German (the default) and English (``--lang en`` or
``TUTOR_LANG=en``).

Each command module keeps its texts in one table, ``HELP``: per command path ("explain",
"tafel add") and language, the description (``help``), the short line in the command
list (``short``), one text per option (``options``, by the parameter's name) and the
examples. The click layer (:class:`tutor.cli.LazyGroup`) gives every command it loads
the class :class:`Localized`, whose help is written from the table; a command without
texts keeps click's own help. The texts are plain literals, one table per module, so
that a later step can move them to gettext catalogs as they are.
"""
from __future__ import annotations

import os

import click

LANGS = ("de", "en")

# The words of the help page itself.
LABELS: dict[str, dict[str, str]] = {
    "de": {"usage": "Aufruf: ", "options": "Optionen", "commands": "Befehle",
           "examples": "Beispiele", "required": "[Pflicht]", "default": "Vorgabe",
           "help": "Diese Hilfe zeigen und beenden.", "OPTIONS": "[OPTIONEN]",
           "COMMAND": "BEFEHL [ARGUMENTE]...", "version": "Die Version zeigen und beenden."},
    "en": {"usage": "Usage: ", "options": "Options", "commands": "Commands",
           "examples": "Examples", "required": "[required]", "default": "default",
           "help": "Show this message and exit.", "OPTIONS": "[OPTIONS]",
           "COMMAND": "COMMAND [ARGS]...", "version": "Show the version and exit."},
}


# Options that many commands share, by parameter name: used where a command's table
# does not describe them itself.
SHARED: dict[str, dict[str, str]] = {
    "de": {"as_json": "Ausgabe für Programme (JSON).",
           "lang": "Sprache der Ausgabe und der Hilfe: de oder en (Vorgabe: $TUTOR_LANG, sonst de).",
           "rules_spec": "Tischregeln: ein Profil (verband, erweitert) oder eine YAML-Datei (Vorgabe: verband).",
           "db_path": "Die Datenbank (Vorgabe: tutor.sqlite3 im Datenordner des Benutzers, oder $TUTOR_DB).",
           "learner": "Wessen Stand (Vorgabe: $TUTOR_LEARNER oder der Anmeldename).",
           "lessons_path": "Der Ordner der Lektionen (Vorgabe: lessons/ des Tutors).",
           "partie_id": "Welche gespeicherte Partie (Vorgabe: die neueste).",
           "seed": "Startwert des Zufalls (derselbe Wert, dasselbe Ergebnis).",
           "output": "In diese Datei schreiben statt auf die Standardausgabe.",
           "help_lang": "Sprache der Hilfe: de oder en (Vorgabe: $TUTOR_LANG, sonst de)."},
    "en": {"as_json": "Machine-readable output (JSON).",
           "lang": "Language of the output and the help: de or en (default: $TUTOR_LANG, else de).",
           "rules_spec": "Table rules: a profile (verband, erweitert) or a YAML file (default: verband).",
           "db_path": "The database (default: tutor.sqlite3 in the user's data folder, or $TUTOR_DB).",
           "learner": "Whose progress (default: $TUTOR_LEARNER or the login name).",
           "lessons_path": "The lessons folder (default: the tutor's lessons/).",
           "partie_id": "Which stored Partie (default: the newest).",
           "seed": "The random seed (the same seed, the same result).",
           "output": "Write to this file instead of standard output.",
           "help_lang": "Language of the help: de or en (default: $TUTOR_LANG, else de)."},
}


def env_lang() -> str:
    """TUTOR_LANG when it names a language of the tutor, else German."""
    value = os.environ.get("TUTOR_LANG", "").strip().lower()
    return value if value in LANGS else "de"


def lang_in(args: list[str]) -> str | None:
    """The value of a ``--lang`` among the command line's arguments."""
    for i, a in enumerate(args):
        if a == "--":
            break
        if a == "--lang" and i + 1 < len(args) and args[i + 1] in LANGS:
            return args[i + 1]
        if a.startswith("--lang=") and a[7:] in LANGS:
            return a[7:]
    return None


def help_lang(ctx: click.Context) -> str:
    return ctx.meta.get("tutor.help_lang") or env_lang()


class Localized:
    """Mixin for click commands and groups: the help page from ``help_texts``."""

    help_texts: dict | None = None

    def get_short_help_str(self, limit: int = 45) -> str:
        return super().get_short_help_str(limit)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        lang = help_lang(ctx)
        texts = (self.help_texts or {}).get(lang)
        if not texts:
            return super().format_help(ctx, formatter)
        words = LABELS[lang]
        pieces = " ".join(self.collect_usage_pieces(ctx))
        pieces = pieces.replace("[OPTIONS]", words["OPTIONS"]).replace("COMMAND [ARGS]...", words["COMMAND"])
        formatter.write_usage(ctx.command_path, pieces, prefix=words["usage"])
        formatter.write_paragraph()
        with formatter.indentation():
            for i, para in enumerate(texts["help"].split("\n\n")):
                if i:
                    formatter.write_paragraph()
                if para.startswith("\b\n"):   # as written, not rewrapped (a file's shape)
                    for line in para[2:].splitlines():
                        formatter.write(f"{'':>{formatter.current_indent}}{line}\n")
                else:
                    formatter.write_text(para)
        rows = []
        for p in self.get_params(ctx):
            record = p.get_help_record(ctx)
            if record is None or isinstance(p, click.Argument):
                continue
            text = texts.get("options", {}).get(p.name) or SHARED[lang].get(p.name)
            if getattr(p, "is_eager", False) and "--help" in getattr(p, "opts", ()):
                text = words["help"]
            elif p.name == "version" and not text:
                text = words["version"]
            if text is None:
                text = record[1]
            default = getattr(p, "default", None)
            if getattr(p, "show_default", False) and default not in (None, False, ()) and not callable(default):
                text = f"{text} [{words['default']}: {default}]"
            if getattr(p, "required", False):
                text = f"{text} {words['required']}"
            rows.append((record[0], text))
        if rows:
            with formatter.section(words["options"]):
                formatter.write_dl(rows)
        if isinstance(self, click.Group):
            names = self.list_commands(ctx)
            shorts = texts.get("commands", {})
            cmd_rows = []
            for name in names:
                cmd = self.get_command(ctx, name)
                short = shorts.get(name)
                if short is None and cmd is not None:
                    t = (getattr(cmd, "help_texts", None) or {}).get(lang)
                    short = t.get("short") if t else cmd.get_short_help_str()
                cmd_rows.append((name, short or ""))
            if cmd_rows:
                with formatter.section(words["commands"]):
                    formatter.write_dl(cmd_rows)
        examples = texts.get("examples") or ()
        if examples:
            with formatter.section(words["examples"]):
                for line in examples:
                    formatter.write(f"{'':>{formatter.current_indent}}{line}\n")


_CLASSES: dict[type, type] = {}


def localize(cmd: click.Command, table: dict | None, path: str) -> click.Command:
    """Give ``cmd`` (and a group's subcommands, ``path`` + name) its texts from ``table``."""
    if cmd is None or table is None:
        return cmd
    if not isinstance(cmd, Localized):
        base = type(cmd)
        if base not in _CLASSES:
            _CLASSES[base] = type(f"Localized{base.__name__}", (Localized, base), {})
        cmd.__class__ = _CLASSES[base]
    cmd.help_texts = table.get(path)
    if isinstance(cmd, click.Group):
        for name, sub in cmd.commands.items():
            localize(sub, table, f"{path} {name}")
        if cmd.help_texts is not None:
            cmd.no_args_is_help = True   # `tutor tafel` alone shows its help
    return cmd


def help_lang_option(f):
    """``--lang`` for a command whose output has no language (a group, the schema): it
    chooses the language of the help."""
    return click.option("--lang", type=click.Choice(LANGS), default=None, expose_value=False,
                        help="Language of the help: de or en (default: $TUTOR_LANG, else de).")(f)
