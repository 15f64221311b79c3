"""The fourth attack round's inputs (issue 63), written into the folder given: deep nesting,
Lottie files and archives past their bounds, many large images, a GIF lasting 15 days.
bench/hostile-work.sh runs the commands over them."""
import json
import struct
import sys
import zlib

work = sys.argv[1]


def nested(levels):
    layer = '{ id: deepest, frame: [0, 0, 5, 5], backgroundColor: "#ff0000" }'
    for level in range(levels - 1, 0, -1):
        layer = "{ id: l%d, frame: [0, 0, 20, 20], sublayers: [%s] }" % (level, layer)
    return "canvas: { width: 20, height: 20, scale: 1 }\nduration: 0.2\nfps: 10\nlayers:\n  - " + layer + "\n"


def lottie(layers, assets=(), op=10):
    return {"v": "5.7.0", "fr": 10, "ip": 0, "op": op, "w": 100, "h": 100, "assets": list(assets), "layers": layers}


def shape(shapes, ks=None, ind=1, op=10):
    return {"ty": 4, "ind": ind, "ip": 0, "op": op, "st": 0, "ks": ks or {}, "shapes": shapes}


def dump(value, name):
    with open(f"{work}/{name}", "w") as f:
        json.dump(value, f, separators=(",", ":"))


open(f"{work}/nest256.yaml", "w").write(nested(256))
open(f"{work}/nest420.yaml", "w").write(nested(420))

transform = {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
             "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}
rectangle = {"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}
group = {"ty": "gr", "it": [rectangle, transform]}
for _ in range(240):
    group = {"ty": "gr", "it": [group, transform]}
dump(lottie([shape([group])]), "groups240.json")

chain = [{"ty": 3, "ind": i, "ip": 0, "op": 10, "st": 0, "ks": {}, **({"parent": i - 1} if i > 1 else {})} for i in range(1, 2001)]
dump(lottie(chain), "parents2000.json")

keys = [{"t": round(i * 10 / 2000000, 7), "s": [i % 100]} for i in range(2000000)]
dump(lottie([shape([], {"o": {"a": 1, "k": keys}})]), "keyframes.json")

remap = [{"t": i * 0.5, "s": [(i % 1000) / 30.0], "i": {"x": [0.4], "y": [1]}, "o": {"x": [0.6], "y": [0]}} for i in range(200000)]
fade = {"o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 100, "s": [100]}]}}
inner = [shape([rectangle], fade, ind=j + 1, op=100000) for j in range(50)]
dump(lottie([{"ty": 0, "ind": 1, "refId": "c", "ip": 0, "op": 100000, "st": 0, "w": 100, "h": 100, "ks": {},
              "tm": {"a": 1, "k": remap}}], [{"id": "c", "layers": inner}], op=100000), "remap.json")

stops = [x for i in range(1000000) for x in (i / 1e6, 1, 0, 0)]
dump(lottie([shape([{"ty": "gf", "o": {"a": 0, "k": 100}, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [100, 0]}, "t": 1,
                     "g": {"p": 1000000, "k": {"a": 0, "k": stops}}}])]), "stops.json")

points = [[i % 100, (i * 7) % 100] for i in range(2500000)]
zeros = [[0, 0]] * len(points)
dump(lottie([shape([{"ty": "sh", "ks": {"a": 0, "k": {"i": zeros, "o": zeros, "v": points, "c": True}}}])]), "vertices.json")

# A .lottie whose one 4 MB body is listed 4,000 times: 16 GB unpacked from a 4 MB file.
body = bytes(4 << 20)
local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 0, 0, 0, 0, len(body), len(body), 1, 0) + b"a" + body
directory = b""
for i in range(4000):
    name = f"images/copy{i}.png".encode()
    directory += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 0, 0, 0, 0, len(body), len(body), len(name),
                             0, 0, 0, 0, 0, 0) + name
end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 4000, 4000, len(directory), len(local), 0)
open(f"{work}/bomb.lottie", "wb").write(local + directory + end)

# 40 different 8192² PNGs (one flat picture under 40 names), a scene of them, a Lottie file of 30.
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


row = b"\x00" + b"\xff\x00\x00\xff" * 8192
png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8192, 8192, 8, 6, 0, 0, 0))
       + chunk(b"IDAT", zlib.compress(row * 8192, 9)) + chunk(b"IEND", b""))
for i in range(40):
    open(f"{work}/img{i}.png", "wb").write(png)
open(f"{work}/images.yaml", "w").write(
    "canvas: { width: 100, height: 100, scale: 1 }\nduration: 0.2\nfps: 10\nlayers:\n"
    + "".join(f"  - {{ id: i{i}, frame: [0, 0, 100, 100], contents: img{i}.png }}\n" for i in range(40)))
assets = [{"id": f"i{i}", "w": 100, "h": 100, "u": "", "p": f"img{i}.png"} for i in range(30)]
dump(lottie([{"ty": 2, "ind": i + 1, "refId": f"i{i}", "ip": 0, "op": 10, "st": 0, "ks": {}} for i in range(30)], assets),
     "images.json")

# A GIF lasting 15 days: 2,000 one-pixel frames of 655.35 s on a 64 × 24 screen.
gif = bytearray(b"GIF89a" + bytes([64, 0, 24, 0, 0, 0, 0]))
for i in range(2000):
    gif += bytes([0x21, 0xF9, 0x04, 0x00, 0xFF, 0xFF, 0x00, 0x00])
    gif += bytes([0x2C, i % 64, 0, i // 64 % 24, 0, 1, 0, 1, 0, 0x80, i & 255, 0, 0, 255, 255, 255,
                  0x02, 0x02, 0x44, 0x01, 0x00])
open(f"{work}/days.gif", "wb").write(bytes(gif + b"\x3b"))
