"""Parameter sweeps of coalsim's simulate: sweep files, local and Slurm engines, aggregation (docs/sweeps.md)."""
