"""The validator for mjscore's JSON Schemas (rulesets, settle records), jsonschema imported
only when a file of the user's is checked.

JSON Schema counts 2.0 as an integer; here an integer is an int. A file's `drawn: 6.0` or
`discard_divisor: 2.0` would otherwise pass the check and reach the scoring arithmetic as a
float, which prints as 2.0 where every amount is whole, or fails in formatting.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def _validator_class():
    import jsonschema
    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine(
        "integer", lambda _checker, x: isinstance(x, int) and not isinstance(x, bool))
    return jsonschema.validators.extend(base, type_checker=checker)


def validator(schema: dict):
    """A Draft 2020-12 validator of `schema` whose integers are ints."""
    return _validator_class()(schema)
