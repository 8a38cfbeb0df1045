"""The analysis command lines (plot, compare, dcs_experiments, ...): each module's main(argv) is run by the
script of the same name in analysis/ and by the entry point of pyproject.toml."""
