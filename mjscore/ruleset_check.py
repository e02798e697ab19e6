"""Checking a ruleset file of the user's: the schema (jsonschema, imported only here: a shipped
ruleset is checked by the test suite, not on load), then what a schema cannot see (pattern
and extra names, option references), and again with its options filled in; and the options
a file leaves nothing to change. (Compiling a file as `rules check` does is `check_file`'s.)"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from .errors import OptionError, RulesetError
from .options import check_defaults, option_refs
from .words import describe

_HERE = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def ruleset_schema() -> dict:
    """The ruleset schema as parsed JSON (read once; jsonschema is not needed to read it)."""
    return json.loads((_HERE / "ruleset.schema.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _validator():
    from .schemas import validator
    return validator(ruleset_schema())


def _schema_error(data: dict):
    """The most relevant schema error of `data`, or None."""
    import jsonschema
    errors = sorted(_validator().iter_errors(data),
                    key=lambda e: (len(e.path), list(map(str, e.path))))
    return jsonschema.exceptions.best_match(errors) if errors else None


def validate(data: dict, label: str) -> None:
    """Schema validation (jsonschema), then the references a schema cannot see."""
    from .patterns import PARAMS, REGISTRY
    from .settlement import EXTRA_PARAMS, EXTRAS
    err = _schema_error(data)
    if err is not None:
        path = list(err.absolute_path)
        at = None  # the key at fault, where it is not `path` (`naming_the_writer` seeks it)
        if err.validator == "oneOf" and len(path) == 2 and path[0] == "patterns":
            # (A pattern that is no mapping fits all of its one-effect forms, which only ask
            # for a key: jsonschema names that oneOf, not the type.)
            message, odd = _pattern_problem(err.instance, str(path[1]), data["patterns"]) \
                if isinstance(err.instance, dict) else \
                (f"must be a pattern (a mapping) or nothing, not {describe(err.instance)}", None)
            at = odd and path + [odd]
        else:
            from .words import at_fault
            path, message = _words(err)
            at = at_fault(err)
        message = _short(message) + (_slipped(path) or _bare_option(path, err.instance)
                                     or _no_option_here(err.instance)
                                     or _option_typo(err, data))
        raise RulesetError(label, message, ".".join(map(str, path)) or None,
                           ".".join(map(str, at)) if at else None)
    specs = data.get("options") or {}
    check_defaults(specs, label)
    for pid, pat in (data.get("patterns") or {}).items():
        if pat is not None and pat.get("pattern", pid) not in REGISTRY:
            raise RulesetError(label, f'unknown pattern "{pat.get("pattern", pid)}" '
                                      f"(known: {', '.join(sorted(REGISTRY))})", f"patterns.{pid}",
                               f"patterns.{pid}.pattern" if "pattern" in pat else None)
        if pat is not None:
            _params_read(label, pat.get("pattern", pid), pat, PARAMS, f"patterns.{pid}")
    for xid, extra in (data.get("extras") or {}).items():
        if extra is not None and extra["rule"] not in EXTRAS:
            raise RulesetError(label, f'unknown extra rule "{extra["rule"]}"', f"extras.{xid}.rule")
        if extra is not None:
            _params_read(label, extra["rule"], extra, EXTRA_PARAMS, f"extras.{xid}")
    for where, ref in option_refs(data, ""):
        if not isinstance(ref, str) or ref not in specs:
            raise RulesetError(label, f'refers to option "{ref}", which options: does not declare',
                               where)


def _params_read(label: str, name: str, entry: dict, reads: dict, where: str) -> None:
    """A param that the predicate or extra rule `name` never reads (a typo: shap, perr) would
    leave it at its default with no word: refused, with the params it does read."""
    odd = [k for k in (entry.get("params") or {}) if k not in reads.get(name, ())]
    if odd:
        takes = ", ".join(reads[name])
        raise RulesetError(label, f'{name} takes no param "{odd[0]}" ' +
                           (f"(its params: {takes})" if takes else "(it takes none)"),
                           f"{where}.params", f"{where}.params.{odd[0]}")


def validate_resolved(data: dict, spec: dict, values: dict, label: str) -> None:
    """The ruleset with its options filled in must still fit the schema: an option's value
    (its default, or one given with --opt) lands where the ruleset refers to it, and an
    option of the wrong type there (a word where a number goes) is named here rather than
    failing inside scoring.

    `data` has passed `validate`, so only where an option lands can the filled-in ruleset
    fail: of the mappings of entries (patterns, extras) only the entries an option lands in
    are checked again, and a house file of thousands of patterns is not checked twice."""
    probe = dict(spec)
    for section in ("patterns", "extras"):
        if isinstance(data.get(section), dict) and isinstance(spec.get(section), dict):
            probe[section] = {k: v for k, v in spec[section].items()
                              if next(option_refs(data[section].get(k), ""), None)}
    err = _schema_error(probe)
    if err is None:
        return
    path, message = _words(err)
    key = ".".join(map(str, path)) or None
    refs = dict(option_refs(data, ""))
    name = next((refs[k] for k in refs if key and (key == k or key.startswith(k + "."))), None)
    if name is None:
        raise RulesetError(label, _short(message), key)
    shown = json.dumps(values[name], ensure_ascii=False, default=str)  # as YAML writes it
    raise RulesetError(label, f'option "{name}" is {shown} here, which does not fit: '
                              f"{_short(message)}", key)


def _words(err) -> tuple:
    """(path, words) of a schema error in the terms of the file (`words.schema_text`)."""
    from .words import schema_text
    where = ".".join(map(str, err.absolute_path))
    return schema_text(err, where or "a ruleset")


# An entry of options, patterns or extras named for a key such an entry takes is most often
# that key indented one level too little (`cap:`, then `default: 100` at cap's own indent,
# which also leaves `cap:` null, removing the option): the message says so.
def _slipped(path: list) -> str:
    if len(path) != 2 or path[0] not in ("options", "patterns", "extras"):
        return ""
    schema = _validator().schema
    if path[1] not in _keys_of(schema["properties"][path[0]]["additionalProperties"], schema):
        return ""
    one = {"options": "an option", "patterns": "a pattern", "extras": "an extra rule"}[path[0]]
    return f' ("{path[1]}" is a key inside {one}: is it indented under the one it belongs to?)'


def _bare_option(path: list, value) -> str:
    """An option written as its value (`cap: 100`), the likeliest slip of a house file
    changing a default: the message shows the mapping it takes."""
    if len(path) != 2 or path[0] != "options" or isinstance(value, (dict, list)) or \
            value is None:
        return ""
    shown = json.dumps(value, ensure_ascii=False)
    return f" (an option is a mapping: to change the default of one the file extends, write " \
        f"{path[1]}: {{default: {shown}}})"


def _option_typo(err, data: dict) -> str:
    """An option entry missing what a new option needs, named close to another option of the
    file or the one it extends (`seven_pair: {default: true}` over guangdong's seven_pairs):
    a typo of the option it meant to change, not a new one."""
    path = list(err.absolute_path)
    # (Only an entry with no type, as one changing an option's default is written: a new
    # option lacking its help is no typo, nor is another new option of the file its match.)
    if err.validator != "required" or len(path) != 2 or path[0] != "options" or \
            not isinstance(err.instance, dict) or "type" in err.instance:
        return ""
    from difflib import get_close_matches
    near = get_close_matches(str(path[1]), [
        str(k) for k, v in data["options"].items()
        if k != path[1] and isinstance(v, dict) and {"type", "help"} <= set(v)], 1)
    return f' (no option "{path[1]}" to change: did you mean "{near[0]}"?)' if near else ""


def _no_option_here(value) -> str:
    """An option's reference where the key takes a value written out (`discard_wins`): the
    type named alone reads as a slip of the mapping, not as a key no option may set."""
    if isinstance(value, dict) and set(value) == {"option"}:
        return " (this key takes no option: write its value)"
    return ""


def _keys_of(node: dict, schema: dict) -> set:
    """The property names a schema node allows, through $ref and oneOf."""
    if "$ref" in node:
        node = schema["$defs"][node["$ref"].rsplit("/", 1)[1]]
    keys = set(node.get("properties") or ())
    for form in node.get("oneOf") or ():
        keys |= _keys_of(form, schema)
    return keys


def _pattern_problem(pattern: dict, pid: str, patterns: dict) -> tuple:
    """What is wrong with pattern entry `pid`, where the schema's `oneOf` (a pattern or
    nothing; one effect of six) would only say that no branch fits: an unknown key, a missing
    one, then the effects; and the unknown key (else None). A pattern with no name is new in
    its file: where its id is close to another's (`qingyisi: {steps: 3}`), a typo of the one
    the file meant to change."""
    from difflib import get_close_matches
    spec = _validator().schema["$defs"]["pattern"]
    unknown = [k for k in pattern if k not in spec["properties"]]
    if unknown:
        near = get_close_matches(str(unknown[0]), list(spec["properties"]), 1)
        return f'unknown key "{unknown[0]}"' + (f' (did you mean "{near[0]}"?)' if near else ""), \
            unknown[0]
    missing = [k for k in spec["required"] if k not in pattern]
    if missing:
        near = get_close_matches(pid, [str(k) for k in patterns if k != pid], 1)
        return f"missing: a pattern needs {' and '.join(spec['required'])}" + \
            (f' (no pattern "{pid}" to change: did you mean "{near[0]}"?)' if near else ""), None
    return "a pattern has exactly one effect: steps, base, multiply, add, flat or fixed", None


def _short(message: str) -> str:
    # (Long enough for a list of every context flag with the value given, which a cut would
    # end before the value it was not.)
    return message if len(message) < 200 else message[:197] + "..."


def live_refs(data: dict) -> tuple:
    """(the options a key that does something refers to, {option: why} of those only inert
    keys (`inert_keys`) refer to)."""
    from .inert_keys import inert as inert_keys
    inert = inert_keys(data)
    live, dead = set(), {}
    for where, ref in option_refs(data, ""):
        if where in inert:
            dead.setdefault(ref, inert[where])
        else:
            live.add(ref)
    return live, {k: why for k, why in dead.items() if k not in live}


def why_unused(keys, files, data: dict | None = None) -> dict:
    """Why each option of `keys`, which no key of the merged file refers to, does nothing
    ({key: why}): a file of the chain (`files`, as `load_raw` lists them, the file first) sets
    or removes itself every key the file above it read the option at, or nothing ever read it
    (an option the file declares and no key uses). Each file above is read once for them
    all: a file of a thousand unused options took a minute when it was read again for each.
    (Only the parent was asked: two files down, an option the grandparent read and the
    parent set aside was "nothing refers to it".)"""
    dead = live_refs(data)[1] if data is not None else {}
    out = {k: dead.get(k, "nothing refers to it") for k in keys}
    keys = [k for k in keys if k not in dead]
    if len(files) > 1:
        from .ruleset_files import load_raw
        left = set(keys)
        for i in range(1, len(files)):  # the nearest file above that read it
            if not left:
                break
            merged, _, _ = load_raw(str(files[i]))
            read = {ref for _where, ref in option_refs(merged, "")} & left
            for k in read:
                out[k] = "the file sets or removes every key it stood for itself" if i == 1 \
                    else (f"{Path(files[i - 1]).name} sets or removes every key it stood for "
                          "itself")
            left -= read
    return out


def without_unused_options(data: dict, opts: dict | None, label: str, files=()) -> dict:
    """`data` less the options no key refers to any more: a house rule that sets a key
    outright (`value: {cap: 100}`) leaves the option it inherited for that key with nothing
    to change, and `--opt cap=5` would be accepted and do nothing. Such an option is not
    one of this ruleset's (nor listed by `rules show`); given, it is refused saying why
    (`files`: the chain's files, for `why_unused`). (Shipped rulesets use every option
    they declare: a test says so.)"""
    specs = data.get("options") or {}
    used = live_refs(data)[0]
    unused = [k for k in specs if k not in used]
    if not unused:
        return data
    for key in opts or {}:
        if key in unused:
            raise OptionError(f'option "{key}" does nothing in {label}: '
                              f"{why_unused([key], files, data)[key]}", key)
    # Only the idle keys that stood for a dropped option go with it: the rest stay for
    # `rules check` and `rules show` to name (`inert_keys.idle`).
    from .inert_keys import inert
    dropped = {where for where, ref in option_refs(data, "") if ref in unused}
    return {**_without(data, [k for k in inert(data) if k in dropped]),
            "options": {k: v for k, v in specs.items() if k in used}}


def _without(data: dict, paths) -> dict:
    """`data` less the keys at `paths` (dotted: the inert keys, which stand for options
    dropped)."""
    out = dict(data)
    for path in paths:
        *parents, last = path.split(".")
        node = out
        for k in parents:
            child = node[k] = dict(node[k])  # (a copy: the merged file may be shared)
            node = child
        node.pop(last, None)
    return out
