#!/usr/bin/env python3
"""Checks that the linker placed the hottest functions of hot-functions.txt together (generate.py
says why): of the first 300 listed, at least 200 are in the binary (the list still matches the
code), and 95 % of those lie within 4 MB of each other, in a binary with more than 40 MB of
code.

    check_placement.py BPORCHECK HOT_FUNCTIONS_TXT
"""
import subprocess
import sys


def main():
    binary, listing = sys.argv[1], sys.argv[2]
    with open(listing) as f:
        wanted = [line.strip() for line in f if line.strip()][:300]
    symbols = subprocess.run(["nm", "--defined-only", binary], check=True, capture_output=True,
                             text=True).stdout
    address = {}
    for line in symbols.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] in "TtWw":
            address[fields[2]] = int(fields[0], 16)
    code = sorted(address.values())
    placed = sorted(address[name] for name in wanted if name in address)
    if len(placed) < 200:
        sys.exit(f"only {len(placed)} of the first {len(wanted)} hot functions are in the binary:"
                 " the list no longer matches the code: run tools/bporcheck/layout/generate.py")
    inner = len(placed) * 95 // 100  # the 95 % closest together
    span = min(placed[i + inner - 1] - placed[i] for i in range(len(placed) - inner + 1))
    print(f"{len(placed)} of the first {len(wanted)} hot functions found, 95 % of them within "
          f"{span} bytes; code spans {code[-1] - code[0]} bytes")
    if code[-1] - code[0] < 40 << 20:
        sys.exit("the binary is smaller than this check assumes")
    if span > 4 << 20:
        sys.exit("the hot functions are spread out: the ordering was not applied")


if __name__ == "__main__":
    main()
