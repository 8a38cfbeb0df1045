"""YAML with line numbers: mappings and lists remember where each key and item starts, so that a sweep file's
error can name its line (PyYAML's safe_load forgets them)."""

import yaml


class LineDict(dict):
    """A mapping that knows its own line and each key's line (1-based)."""

    line = 0
    key_lines: dict = {}

    def line_of(self, key):
        return self.key_lines.get(key, self.line)


class LineList(list):
    """A list that knows its own line and each item's line (1-based)."""

    line = 0
    item_lines: list = []

    def line_of(self, index):
        return self.item_lines[index] if index < len(self.item_lines) else self.line


class _Loader(yaml.SafeLoader):
    pass


def _mapping(loader, node):
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
    return result


def _sequence(loader, node):
    result = LineList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def load(text):
    """The document, with LineDict and LineList in place of dict and list. yaml.YAMLError on bad YAML."""
    return yaml.load(text, Loader=_Loader)


def plain(value):
    """The same value with ordinary dicts and lists (for hashing and for rendering a --set value)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value
