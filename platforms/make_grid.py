#!/usr/bin/python3
"""Writes a grid of N DAS-2-like clusters, for measuring how the cost per job grows with the number of clusters
(bench/grid_clusters.py). Cluster i (named g0, g1, ...) has the node count of DAS-2 cluster i mod 5 (72, 32,
32, 32, 32 dual-core nodes plus a file server), with the links of platforms/make_das2.py: Myrinet inside, a
100 Mbit/s SURFnet access link per site. The platforms are generated where they are used, not committed.

Usage: platforms/make_grid.py N OUTPUT.xml
"""
import sys

from make_das2 import CLUSTERS, platform_of


def grid(count):
    """The (name, site, nodes) of `count` DAS-2-like clusters."""
    return [(f"g{i}", f"{CLUSTERS[i % len(CLUSTERS)][1]} {i // len(CLUSTERS)}", CLUSTERS[i % len(CLUSTERS)][2])
            for i in range(count)]


def grid_platform(count):
    """The platform XML of `count` DAS-2-like clusters."""
    return platform_of(grid(count), zone="grid", generator=f"platforms/make_grid.py {count}")


if __name__ == "__main__":
    if len(sys.argv) != 3 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
        sys.exit("usage: platforms/make_grid.py N OUTPUT.xml   (N >= 1 clusters)")
    with open(sys.argv[2], "w") as f:
        f.write(grid_platform(int(sys.argv[1])))
