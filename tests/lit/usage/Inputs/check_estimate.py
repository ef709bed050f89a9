#!/usr/bin/env python3
"""Reads bporcheck --estimate's output on stdin and checks that the known count lies in the
printed interval: check_estimate.py COUNT. Prints "estimate ok" or what is wrong."""
import re
import sys


def number(text):
    return float(text)


def main():
    count = float(sys.argv[1])
    out = sys.stdin.read()
    m = re.search(r"^estimate: ~(\S+) executions \(approximate 95% interval (\S+) to (\S+), "
                  r"(\d+) samples\)$", out, re.M)
    if not m:
        print("no estimate line in:\n" + out)
        return
    mean, low, high = (number(g) for g in m.groups()[:3])
    if not low <= count <= high:
        print(f"the count {count:g} is outside the interval {low:g} to {high:g} (mean {mean:g})")
        return
    print("estimate ok")


main()
