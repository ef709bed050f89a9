#!/usr/bin/env python3
"""check_trace_dom.py DOM: checks the DOM of a --trace-html page as a browser left it after its
script ran (chromium --dump-dom), and prints what it found for FileCheck.

- <body> has data-rendered="ok" (the script ran to its end) and no data-script-error;
- the SVG has one arrow (a path of class "edge") per edge in the page's #edges data, and the
  script counted as many in data-arrows;
- prints the number of thread columns, arrows by kind and failing steps."""
import json
import sys
from collections import Counter
from html.parser import HTMLParser


class Dom(HTMLParser):
    def __init__(self):
        super().__init__()
        self.body = {}
        self.columns = 0
        self.failing = 0
        self.arrows = Counter()
        self.in_edges = False
        self.edges_text = ""

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "body":
            self.body = attrs
        if tag == "th" and "thread-column" in classes:
            self.columns += 1
        if tag == "td" and "failing" in classes:
            self.failing += 1
        if tag == "path" and "edge" in classes:
            kinds = [c[len("edge-"):] for c in classes if c.startswith("edge-")]
            self.arrows[kinds[0] if kinds else "?"] += 1
        if tag == "script" and attrs.get("id") == "edges":
            self.in_edges = True

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_edges = False

    def handle_data(self, data):
        if self.in_edges:
            self.edges_text += data


dom = Dom()
dom.feed(open(sys.argv[1], encoding="utf-8").read())
problems = []
if dom.body.get("data-rendered") != "ok":
    problems.append(f"the page's script did not finish: data-rendered={dom.body.get('data-rendered')!r}")
if "data-script-error" in dom.body:
    problems.append(f"script error: {dom.body['data-script-error']}")
edges = json.loads(dom.edges_text) if dom.edges_text.strip() else []
drawn = sum(dom.arrows.values())
if drawn != len(edges):
    problems.append(f"{len(edges)} edges in the data, {drawn} arrows drawn")
if dom.body.get("data-arrows") != str(drawn):
    problems.append(f"the script counted {dom.body.get('data-arrows')} arrows, the SVG has {drawn}")
if problems:
    print("\n".join(problems))
    sys.exit(1)
kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(dom.arrows.items()))
print(f"dom ok: {dom.columns} thread columns, {drawn} arrows ({kinds}), {dom.failing} failing")
