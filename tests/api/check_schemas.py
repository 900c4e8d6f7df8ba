#!/usr/bin/env python3
"""Checks the server's tools/list against what each model provider documents for tool schemas.

MCP clients forward a tool's inputSchema to the model's API as the function's parameters, and one
schema the API refuses fails the whole request. The rules below are the providers' documented
constraints (docs/tools.md's "Tool schemas and model providers" says where each comes from); the
portable core the server keeps to is computed from them (the intersection of the keywords every
provider accepts), not written down a second time. Output schemas never reach a model: they are
checked against the MCP inspector's portability lint (no type arrays, no schema that constrains
nothing, no boolean schemas).

Usage: check_schemas.py BINARY [BINARY...]   (each is started over stdio with the kill tool on)
Last line: "N passed, N failed".
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from report import check, note, run  # noqa: E402
from sim import server_env  # noqa: E402
from mcp import McpClient  # noqa: E402

# Keywords each provider accepts in a function's parameter schema.
PROVIDERS = {
    # OpenAI function calling: parameters is a JSON Schema object; the documented subset (Structured
    # Outputs / strict mode) is what is sure to be accepted: type, enum, anyOf (not at the root),
    # properties/required/additionalProperties, items/minItems/maxItems, string pattern/format,
    # number minimum/maximum/exclusive*/multipleOf, $defs/$ref, description. An object schema
    # without "properties" is a 400 ("object schema missing properties").
    "openai": {"type", "description", "enum", "anyOf", "properties", "required", "additionalProperties",
               "items", "minItems", "maxItems", "pattern", "format", "minimum", "maximum",
               "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "$defs", "$ref", "title"},
    # Gemini FunctionDeclaration.parameters: "a select subset of an OpenAPI 3.0 schema object".
    # Any other key is a 400 ("Invalid JSON payload received. Unknown name ..."); type is one
    # value (an array is "Proto field is not repeating"); an OBJECT needs non-empty properties;
    # enum is for strings.
    "gemini": {"type", "format", "title", "description", "nullable", "enum", "maxItems", "minItems",
               "properties", "required", "minProperties", "maxProperties", "minLength", "maxLength",
               "pattern", "example", "anyOf", "propertyOrdering", "default", "items", "minimum", "maximum"},
    # Anthropic input_schema: a JSON Schema object with "type": "object" at the root; any keyword
    # of JSON Schema (strict tool use, which is opt-in, narrows it; not claimed here).
    "anthropic": None,
}
PORTABLE = set.intersection(*[k for k in PROVIDERS.values() if k is not None])
# anyOf is in every list, but not at the root for OpenAI and only in newer Gemini versions: the
# server uses none in input schemas.
PORTABLE.discard("anyOf")
TYPES = {"string", "integer", "number", "boolean", "array", "object"}
TOOL_NAME = {
    "openai": re.compile(r"^[a-zA-Z0-9_-]{1,64}$"),
    "anthropic": re.compile(r"^[a-zA-Z0-9_-]{1,64}$"),
    "gemini": re.compile(r"^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$"),
}
PROPERTY_NAME = re.compile(r"^[a-zA-Z0-9_.-]{1,64}$")   # Anthropic's rule for property keys
MAX_DEPTH = 5             # object nesting OpenAI has documented (5, later 10): the smaller one
MAX_PROPERTIES = 100      # total object properties in one schema, the same way


def walk_input(tool, node, path, depth, errs, counter):
    """Collects (path, problem) for one input-schema node and its children."""
    if not isinstance(node, dict):
        errs.append((path, "not a schema object (%r)" % (node,)))
        return
    extra = set(node) - PORTABLE
    if extra:
        who = sorted(p for p, keys in PROVIDERS.items() if keys is not None and extra - keys)
        errs.append((path, "keywords %s are not accepted by %s" % (sorted(extra), ", ".join(who) or "every provider")))
    t = node.get("type")
    if not isinstance(t, str) or t not in TYPES:
        errs.append((path, "type must be one of %s, a single string (got %r)" % (sorted(TYPES), t)))
        return
    if "enum" in node:
        if t != "string" or not node["enum"] or not all(isinstance(v, str) for v in node["enum"]):
            errs.append((path, "enum only on strings, with string values (Gemini)"))
    if t == "object":
        props = node.get("properties")
        if not isinstance(props, dict) or not props:
            errs.append((path, "an object schema names its properties, at least one (OpenAI: 'object schema missing "
                               "properties'; Gemini: 'properties: should be non-empty for OBJECT type')"))
            return
        if depth > MAX_DEPTH:
            errs.append((path, "nested deeper than %d objects" % MAX_DEPTH))
        req = node.get("required", [])
        if not isinstance(req, list) or not set(req) <= set(props):
            errs.append((path, "required names only listed properties (%r)" % (req,)))
        for k, v in props.items():
            counter[0] += 1
            if not PROPERTY_NAME.match(k):
                errs.append((path + "." + k, "property name outside [a-zA-Z0-9_.-]{1,64} (Anthropic)"))
            walk_input(tool, v, path + "." + k, depth + 1, errs, counter)
    elif t == "array":
        if "items" not in node:
            errs.append((path, "an array schema has items (Gemini)"))
        else:
            walk_input(tool, node["items"], path + "[]", depth, errs, counter)
    elif "properties" in node or "items" in node:
        errs.append((path, "properties/items on a %s" % t))


def walk_output(node, path, errs):
    """The MCP inspector's --strict portability lint, for output schemas."""
    if isinstance(node, bool):
        errs.append((path, "a bare boolean schema"))
        return
    if not isinstance(node, dict):
        errs.append((path, "not a schema object"))
        return
    if isinstance(node.get("type"), list):
        errs.append((path, "type is an array %r (use anyOf)" % (node["type"],)))
    if not any(k in node for k in ("type", "enum", "const", "anyOf", "oneOf", "allOf", "not", "$ref", "properties",
                                   "items", "required")):
        errs.append((path, "constrains nothing (an empty or description-only schema)"))
    for k in ("properties", "patternProperties", "$defs"):
        for name, sub in (node.get(k) or {}).items():
            walk_output(sub, "%s.%s" % (path, name), errs)
    for k in ("anyOf", "oneOf", "allOf"):
        for i, sub in enumerate(node.get(k) or []):
            walk_output(sub, "%s.%s[%d]" % (path, k, i), errs)
    for k in ("items", "additionalProperties", "not"):
        if isinstance(node.get(k), dict):
            walk_output(node[k], "%s.%s" % (path, k), errs)


def check_binary(binary):
    cli = McpClient([binary], env=server_env(None, None, extra={"E2B_MCP_ENABLE_KILL": "1", "E2B_MCP_TOOLS": "all"}))
    try:
        init = cli.initialize("2025-11-25")
        check("%s: initialize" % binary, "result" in init, init)
        tools = cli.list_tools()
    finally:
        cli.close()
    label = os.path.basename(binary)
    check("%s: tools/list lists tools" % label, len(tools) >= 13, [t.get("name") for t in tools])
    for tool in tools:
        name = tool.get("name", "?")
        for prov, rx in TOOL_NAME.items():
            check("%s %s: name fits %s's rule %s" % (label, name, prov, rx.pattern), bool(rx.match(name)))
        check("%s %s: has a description" % (label, name), isinstance(tool.get("description"), str) and tool["description"])
        schema = tool.get("inputSchema")
        check("%s %s: inputSchema's root is type object (every provider)" % (label, name),
              isinstance(schema, dict) and schema.get("type") == "object" and "anyOf" not in schema, schema)
        errs, counter = [], [0]
        walk_input(name, schema, "inputSchema", 1, errs, counter)
        check("%s %s: inputSchema keeps to the portable core" % (label, name), not errs, errs)
        check("%s %s: at most %d properties" % (label, name, MAX_PROPERTIES), counter[0] <= MAX_PROPERTIES, counter[0])
        if "outputSchema" in tool:
            errs = []
            walk_output(tool["outputSchema"], "outputSchema", errs)
            check("%s %s: outputSchema passes the inspector's portability lint" % (label, name),
                  not errs and tool["outputSchema"].get("type") == "object", errs)


def self_test():
    """The checker itself refuses what the providers refuse (a checker that passes everything
    proves nothing)."""
    bad = {
        "object without properties": {"type": "object", "additionalProperties": False},
        "empty properties": {"type": "object", "properties": {}},
        "type array": {"type": "object", "properties": {"n": {"type": ["integer", "null"]}}},
        "a map": {"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "string"}}}},
        "anyOf": {"type": "object", "properties": {"m": {"anyOf": [{"type": "string"}, {"type": "integer"}]}}},
        "integer enum": {"type": "object", "properties": {"m": {"type": "integer", "enum": [1, 2]}}},
        "array without items": {"type": "object", "properties": {"a": {"type": "array"}}},
        "maxLength": {"type": "object", "properties": {"s": {"type": "string", "maxLength": 3}}},
        "required unknown": {"type": "object", "properties": {"s": {"type": "string"}}, "required": ["t"]},
    }
    for what, schema in bad.items():
        errs = []
        walk_input("t", schema, "inputSchema", 1, errs, [0])
        check("self-test: the checker refuses %s" % what, errs, schema)
    good = {"type": "object", "properties": {"s": {"type": "string", "enum": ["a"]}, "a": {"type": "array", "items": {
        "type": "object", "properties": {"k": {"type": "string"}}, "required": ["k"]}}, "n": {"type": "integer", "minimum": 1}}}
    errs = []
    walk_input("t", good, "inputSchema", 1, errs, [0])
    check("self-test: the checker accepts a portable schema", not errs, errs)
    errs = []
    walk_output({"type": "object", "properties": {"x": {}, "y": {"type": ["integer", "null"]}}}, "o", errs)
    check("self-test: the output lint refuses {} and type arrays", len(errs) == 2, errs)


def main():
    self_test()
    note("portable core: %s" % ", ".join(sorted(PORTABLE)))
    for b in sys.argv[1:]:
        check_binary(b)


if __name__ == "__main__":
    run(main)
