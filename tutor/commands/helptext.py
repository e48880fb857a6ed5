"""The help of every command from the message catalogs: German (the default), English
(``--lang en``) and French (``--lang fr``), or ``TUTOR_LANG``.

Each command module keeps its texts in one table, ``HELP``: per command path ("explain",
"tafel add") the description (``help``: a message, or a tuple of paragraphs), the short
line in the command list (``short``), one text per option (``options``, by the
parameter's name) and the examples, the texts catalog messages (:func:`tutor.i18n.M`,
English as written, translated where the help is shown). The click layer
(:class:`tutor.cli.LazyGroup`) gives every command it loads the class :class:`Localized`,
whose help is written from the table; a command without texts keeps click's own help.
A table still written per language (``{"de": {...}, "en": {...}}``) shows its German
under ``--lang fr``; every command's table is in the catalogs today.
"""
from __future__ import annotations

import click

from tutor.i18n import LANGS, M, Msg, env_lang


class Pre(Msg):
    """A paragraph of the help shown as written, not rewrapped (a table of words): a
    catalog message (braces doubled, as in every message)."""

    __slots__ = ("inner",)

    def __init__(self, inner: Msg) -> None:
        super().__init__("")
        self.inner = inner

    def text(self, lang: "str | None" = None) -> str:
        return self.inner.text(lang)


# The words of the help page itself.
LABELS: dict[str, Msg] = {
    "usage": M("Usage: "), "options": M("Options"), "commands": M("Commands"),
    "examples": M("Examples"), "required": M("[required]"), "default": M("[default: {value}]"),
    "help": M("Show this message and exit."), "OPTIONS": M("[OPTIONS]"),
    "COMMAND": M("COMMAND [ARGS]..."), "version": M("Show the version and exit."),
}


# Options that many commands share, by parameter name: used where a command's table
# does not describe them itself.
SHARED: dict[str, Msg] = {
    "as_json": M("Machine-readable output (JSON)."),
    "lang": M("Language of the output and the help: de, en or fr (default: $TUTOR_LANG, else de)."),
    "rules_spec": M("Table rules: a profile (verband, erweitert, frei) or a YAML file (default: verband)."),
    "db_path": M("The database (default: tutor.sqlite3 in the user's data folder, or $TUTOR_DB)."),
    "learner": M("Whose progress (default: $TUTOR_LEARNER or the login name)."),
    "lessons_path": M("The lessons folder (default: the tutor's lessons/)."),
    "partie_id": M("Which stored Partie (default: the newest)."),
    "seed": M("The random seed (the same seed, the same result)."),
    "output": M("Write to this file instead of standard output."),
    "help_lang": M("Language of the help: de, en or fr (default: $TUTOR_LANG, else de)."),
}


def _texts(entry: dict | None, lang: str) -> dict | None:
    """A command's help texts in ``lang``: a table of messages translated, or a table
    still written per language (German where it has no ``lang``)."""
    if not entry:
        return None
    if "de" in entry or "en" in entry:
        return entry.get(lang) or entry.get("de")

    def say(x):
        return x.text(lang) if isinstance(x, Msg) else x

    help_ = entry.get("help", "")
    paragraphs = help_ if isinstance(help_, tuple) else (help_,)
    return {"short": say(entry.get("short")),
            "help": "\n\n".join(("\b\n" if isinstance(p, Pre) else "") + say(p) for p in paragraphs),
            "options": {k: say(v) for k, v in (entry.get("options") or {}).items()},
            "commands": {k: say(v) for k, v in (entry.get("commands") or {}).items()},
            "examples": entry.get("examples") or ()}


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
        texts = _texts(self.help_texts, lang)
        if not texts:
            return super().format_help(ctx, formatter)
        words = {k: v.text(lang) for k, v in LABELS.items() if k != "default"}
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
            text = texts.get("options", {}).get(p.name) or (SHARED[p.name].text(lang) if p.name in SHARED else None)
            if getattr(p, "is_eager", False) and "--help" in getattr(p, "opts", ()):
                text = words["help"]
            elif p.name == "version" and not text:
                text = words["version"]
            if text is None:
                text = record[1]
            default = getattr(p, "default", None)
            if getattr(p, "show_default", False) and default not in (None, False, ()) and not callable(default):
                text = f"{text} {LABELS['default'](value=default).text(lang)}"
            if getattr(p, "required", False):
                text = f"{text} {words['required']}"
            rows.append((record[0], text))
        if rows:
            with formatter.section(_heading(words["options"], lang)):
                formatter.write_dl(rows)
        if isinstance(self, click.Group):
            names = self.list_commands(ctx)
            shorts = texts.get("commands", {})
            cmd_rows = []
            for name in names:
                cmd = self.get_command(ctx, name)
                short = shorts.get(name)
                if short is None and cmd is not None:
                    t = _texts(getattr(cmd, "help_texts", None), lang)
                    short = t.get("short") if t else cmd.get_short_help_str()
                cmd_rows.append((name, short or ""))
            if cmd_rows:
                with formatter.section(_heading(words["commands"], lang)):
                    formatter.write_dl(cmd_rows)
        examples = texts.get("examples") or ()
        if examples:
            with formatter.section(_heading(words["examples"], lang)):
                for line in examples:
                    formatter.write(f"{'':>{formatter.current_indent}}{line}\n")


def _heading(name: str, lang: str) -> str:
    """A section's heading as click writes it, followed by its colon: French sets a space
    before the colon ("Options :", as "Usage : "; docs/french.md, "Typography")."""
    return f"{name} " if lang == "fr" else name


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
                        help="Language of the help: de, en or fr (default: $TUTOR_LANG, else de).")(f)
