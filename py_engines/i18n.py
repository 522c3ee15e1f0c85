"""Messages: ids with parameters inside the engines, text only at the edges.

The engines never build a sentence.  A narration line, a banner, an error or a
tool verdict is a ``Msg``: a catalog key and its parameters (``msg("kalah.note.extra",
head=...)``).  The CLI, the bridge's English ``message`` and the tests turn a
``Msg`` into text with ``render(m, lang)``; the page does the same with i18next.

Catalogs: one file per language, ``py_engines/locale/<lang>.json`` (``en`` is the
source), in i18next's JSON v4 format, of which this module implements the subset
the catalogs use (a unit test renders every key through both and requires the
same text):

* nested objects, keys joined with ``.``;
* ``{{name}}`` interpolation (values inserted as they are: no HTML escaping, since
  the page sets text only as ``textContent``), and ``{{name, number}}`` for an
  integer with grouped thousands;
* plurals: with an integer ``count`` parameter the key ``KEY_<category>`` is used,
  the category by CLDR's cardinal rules (English ``one`` / ``other``, Chinese
  ``other`` only); without such a key, ``KEY`` itself.

A parameter may itself be a ``Msg`` (rendered first, in the same language) or a
tuple of parameters (each rendered, joined by the catalog's ``common.list_separator``):
i18next does not nest messages passed as values, so the page's renderer resolves
those the same way before it calls ``t``.  A message whose text no catalog holds
(a game without catalog entries, say) is ``raw(text)``: it reads the same in
every language.
"""
from __future__ import annotations

import json
import os
import pkgutil
import re
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping, Union

SOURCE_LANG = "en"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
RAW = "raw"                        # the id of a text no catalog holds (see ``raw``)
LIST_SEPARATOR = "common.list_separator"
_PLACEHOLDER = re.compile(r"\{\{\s*([^{},\s]+)\s*(?:,\s*([a-z]+)\s*)?\}\}")
_PLURAL_SUFFIXES = ("zero", "one", "two", "few", "many", "other")

Param = Union[int, str, "Msg", tuple["Param", ...]]
Json = Any


@dataclass(frozen=True, slots=True)
class Msg:
    """A message: a catalog key and the values of its ``{{placeholders}}``."""

    id: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Json]:
        """The message as JSON: ``{"id": ..., "params": {...}}``; a nested message stays
        an object of the same shape, a list a JSON array."""
        return {"id": self.id, "params": {k: _param_json(v) for k, v in self.params.items()}}


def msg(id: str, **params: Param) -> Msg:
    """``msg("kalah.note.extra", head=...)``.  Ids are literal strings at every call, so
    a unit test can find every key the code uses and check the parameters it passes."""
    return Msg(id, params)


def raw(text: str) -> Msg:
    """A text no catalog holds: it reads the same in every language."""
    return Msg(RAW, {"text": text})


def as_msg(value: Msg | str) -> Msg:
    """A message as it is; a plain string as ``raw`` text."""
    return value if isinstance(value, Msg) else raw(value)


def _param_json(value: Param) -> Json:
    if isinstance(value, Msg):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_param_json(v) for v in value]
    return value


def from_json(data: Json) -> Msg:
    """The ``Msg`` a ``to_dict`` made (the page and the CLI's ``--json`` readers use the JSON)."""
    if not isinstance(data, dict) or not isinstance(data.get("id"), str) \
            or not isinstance(data.get("params", {}), dict):
        raise ValueError(f"not a message: {data!r}")
    return Msg(data["id"], {k: _param_of(v) for k, v in data.get("params", {}).items()})


def _param_of(value: Json) -> Param:
    if isinstance(value, dict):
        return from_json(value)
    if isinstance(value, list):
        return tuple(_param_of(v) for v in value)
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(f"not a message parameter: {value!r}")
    return value


# ----------------------------------------------------------------------------- catalogs

_catalogs: dict[str, dict[str, str]] = {}


def languages() -> list[str]:
    """The languages a catalog exists for, the source first."""
    found = sorted(name[:-5] for name in _locale_names() if name.endswith(".json"))
    return [SOURCE_LANG] + [lang for lang in found if lang != SOURCE_LANG]


def _locale_names() -> list[str]:
    """The files of the catalogs' folder: on disk, or in the zip the package is imported
    from (the browser's engine workers import it from their standard library's zip)."""
    if os.path.isdir(LOCALE_DIR):
        return os.listdir(LOCALE_DIR)
    archive = getattr(__spec__.loader, "archive", None)
    if archive is None:
        return []
    import zipfile
    prefix = os.path.relpath(LOCALE_DIR, archive).replace(os.sep, "/") + "/"
    with zipfile.ZipFile(archive) as zf:
        return [name[len(prefix):] for name in zf.namelist() if name.startswith(prefix)]


def flatten(tree: Mapping[str, Json], prefix: str = "") -> Iterator[tuple[str, str]]:
    """``(dotted.key, text)`` for every leaf of a nested catalog."""
    for key, value in tree.items():
        path = f"{prefix}.{key}" if prefix else key
        if isinstance(value, Mapping):
            yield from flatten(value, path)
        elif isinstance(value, str):
            yield path, value
        else:
            raise ValueError(f"catalog entry {path} is not text")


def catalog(lang: str) -> dict[str, str]:
    """The flat catalog of ``lang`` (read once)."""
    found = _catalogs.get(lang)
    if found is None:
        if lang not in languages():
            raise KeyError(f"no catalog for language {lang!r}; known: {', '.join(languages())}")
        # Through the package's loader: a file on disk, or an entry of its zip.
        data = pkgutil.get_data(__name__.rpartition(".")[0], f"locale/{lang}.json")
        if data is None:
            raise KeyError(f"the catalog of {lang!r} cannot be read")
        found = _catalogs[lang] = dict(flatten(json.loads(data.decode("utf-8"))))
    return found


# ----------------------------------------------------------------------------- plurals

def plural_category(lang: str, n: int) -> str:
    """CLDR's cardinal plural category of the integer ``n``: the languages we ship."""
    base = lang.split("-")[0]
    if base == "zh":
        return "other"
    if base == "en":
        return "one" if n == 1 else "other"
    raise KeyError(f"no plural rule for language {lang!r}")


def plural_suffixes() -> tuple[str, ...]:
    return _PLURAL_SUFFIXES


# ----------------------------------------------------------------------------- rendering

def text_of(value: Param, lang: str) -> str:
    """A parameter as text: a message rendered, a list joined, a number in digits."""
    if isinstance(value, Msg):
        return render(value, lang)
    if isinstance(value, tuple):
        sep = catalog(lang)[LIST_SEPARATOR]
        return sep.join(text_of(v, lang) for v in value)
    return str(value)


def template(key: str, params: Mapping[str, Param], lang: str) -> str:
    """The catalog text for ``key``, its plural form chosen by an integer ``count``."""
    texts = catalog(lang)
    count = params.get("count")
    if isinstance(count, int) and not isinstance(count, bool):
        form = f"{key}_{plural_category(lang, count)}"
        if form in texts:
            return texts[form]
    if key in texts:
        return texts[key]
    raise KeyError(f"message {key!r} is missing from the {lang} catalog")


def render(m: Msg, lang: str = SOURCE_LANG) -> str:
    """The text of ``m`` in ``lang``; KeyError when the catalog lacks the key or ``m``
    lacks a parameter its text names (the tests make sure neither happens)."""
    if m.id == RAW:
        return str(m.params["text"])
    values = {k: text_of(v, lang) for k, v in m.params.items()}
    numbers = m.params

    def fill(match: re.Match[str]) -> str:
        name, fmt = match.group(1), match.group(2)
        if name not in values:
            raise KeyError(f"message {m.id!r} needs the parameter {name!r}")
        if fmt == "number":
            n = numbers[name]
            if isinstance(n, bool) or not isinstance(n, int):
                raise ValueError(f"message {m.id!r}: {name!r} is not an integer")
            return f"{n:,}"
        if fmt is not None:
            raise ValueError(f"message {m.id!r}: unknown format {fmt!r}")
        return values[name]

    return _PLACEHOLDER.sub(fill, template(m.id, m.params, lang))


def placeholders(text: str) -> set[str]:
    """The parameter names a catalog text uses."""
    return {m.group(1) for m in _PLACEHOLDER.finditer(text)}


# ----------------------------------------------------------------------------- JSON replies

def localize(obj: Json, lang: str = SOURCE_LANG) -> Json:
    """A copy of a JSON reply in which every ``NAME_msg`` (a message, or a list or mapping
    of messages) also gives ``NAME`` its text in ``lang``; the messages themselves stay, so
    the reply can be shown in another language later."""
    if isinstance(obj, list):
        return [localize(v, lang) for v in obj]
    if not isinstance(obj, dict):
        return obj
    out: dict[str, Json] = {}
    for key, value in obj.items():
        if key.endswith("_msg") and key != "_msg":
            # The text takes the message's place (or keeps its own, when it came first).
            out[key[:-4]] = _texts(value, lang)
            out[key] = value
        elif key not in out:
            out[key] = localize(value, lang)
    return out


def _texts(value: Json, lang: str) -> Json:
    """A message's text; a list or a mapping of messages gives a list or mapping of texts."""
    if value is None:
        return None
    if isinstance(value, list):
        return [_texts(v, lang) for v in value]
    if isinstance(value, dict) and "id" not in value:
        return {k: _texts(v, lang) for k, v in value.items()}
    return render(from_json(value), lang)
