"""Small hand-made Lottie files, one feature each, for scripts/lottie_probe.py: each is drawn by
lottie-ios's own Core Animation engine on Flipbook and by FlipbookLottie, and where the two
differ one of the mappings differs from lottie-ios's. 100 x 100 points, 10 fps, frames 0...20.
Add a probe for a feature before mapping it."""


def v(x):
    """A still value, or `x` itself when it is already an animated one (`kf`)."""
    return x if isinstance(x, dict) and "k" in x else {"a": 0, "k": x}


def kf(*pairs, hold=False):
    """Keyframes (frame, value), eased; `hold` makes every keyframe but the last a hold."""
    keys = []
    for i, (t, s) in enumerate(pairs):
        k = {"t": t, "s": s if isinstance(s, list) else [s]}
        if i < len(pairs) - 1:
            k.update({"i": {"x": [0.5], "y": [1]}, "o": {"x": [0.5], "y": [0]}})
            if hold:
                k["h"] = 1
        keys.append(k)
    return {"a": 1, "k": keys}


def tr(p=(0, 0), a=(0, 0), s=(100, 100), r=0, o=100):
    return {"ty": "tr", "p": v(list(p)), "a": v(list(a)), "s": v(list(s)), "r": v(r), "o": v(o)}


def ks(p=(50, 50), a=(0, 0), s=(100, 100), r=0, o=100):
    return {"p": v(list(p) + [0]), "a": v(list(a) + [0]), "s": v(list(s) + [100]), "r": v(r), "o": v(o)}


def point(x):
    """A point or size, still or keyframed (`kf`)."""
    return v(x if isinstance(x, dict) else list(x))


def rect(size=(40, 40), p=(0, 0), r=0, **extra):
    return dict({"ty": "rc", "p": point(p), "s": point(size), "r": v(r)}, **extra)


def ellipse(size=(40, 40), p=(0, 0), **extra):
    return dict({"ty": "el", "p": point(p), "s": point(size)}, **extra)


def path(points, closed=True):
    n = len(points)
    return {"ty": "sh", "ks": v({"i": [[0, 0]] * n, "o": [[0, 0]] * n, "v": points, "c": closed})}


def fill(c=(1, 0, 0), o=100, **extra):
    return dict({"ty": "fl", "c": v(list(c) + [1]), "o": v(o), "r": 1}, **extra)


def stroke(c=(0, 0, 1), w=6, o=100, **extra):
    return dict({"ty": "st", "c": v(list(c) + [1]), "w": v(w), "o": v(o), "lc": 2, "lj": 2}, **extra)


def group(items, t=None, nm="G"):
    return {"ty": "gr", "nm": nm, "it": items + [t or tr()]}


def shape_layer(shapes, ind=1, k=None, **extra):
    return dict({"ty": 4, "ind": ind, "nm": f"L{ind}", "ip": 0, "op": 21, "st": 0, "ks": k or ks(), "shapes": shapes}, **extra)


def text_layer(text, ind=1, k=None, **document):
    d = dict({"s": 14, "f": "Helvetica", "t": text, "j": 0, "tr": 0, "lh": 17, "fc": [0, 0, 0]}, **document)
    return {"ty": 5, "ind": ind, "nm": f"T{ind}", "ip": 0, "op": 21, "st": 0, "ks": k or ks(p=(10, 40)),
            "t": {"d": {"k": [{"s": d, "t": 0}]}, "a": []}}


def animation(layers, assets=None, op=21):
    return {"v": "5.7.0", "fr": 10, "ip": 0, "op": op, "w": 100, "h": 100, "assets": assets or [], "layers": layers}


def square_path(half, center=(0, 0)):
    x, y = center
    return [[x - half, y - half], [x + half, y - half], [x + half, y + half], [x - half, y + half]]


def mask(mode, points, inverted=False, opacity=100, expansion=0):
    n = len(points)
    return {"mode": mode, "inv": inverted, "o": v(opacity), "x": v(expansion),
            "pt": v({"i": [[0, 0]] * n, "o": [[0, 0]] * n, "v": points, "c": True})}


def probes():
    P = {}
    gradient = {"p": 2, "k": v([0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.2])}
    P["gradstroke"] = animation([shape_layer([group([ellipse((60, 60)), {"ty": "gs", "o": v(60), "w": v(10), "lc": 2, "lj": 2,
                                  "t": 1, "s": v([-30, 0]), "e": v([30, 0]), "g": gradient}])])])
    P["radialhighlight"] = animation([shape_layer([group([rect((80, 80)), {"ty": "gf", "o": v(100), "r": 1, "t": 2, "h": v(50),
                                       "a": v(45), "s": v([0, 0]), "e": v([40, 0]),
                                       "g": {"p": 3, "k": v([0, 1, 1, 0, 0.5, 1, 0, 0, 1, 0, 0, 1])}}])])])
    P["gradmove"] = animation([shape_layer([group([rect((80, 80)), {"ty": "gf", "o": v(100), "r": 1, "t": 1,
                                "s": kf((0, [-40, -40]), (20, [0, -40])), "e": kf((0, [40, 40]), (20, [0, 40])),
                                "g": {"p": 2, "k": v([0, 1, 1, 0, 1, 0, 0.5, 1])}}])])])
    P["maskopacity"] = animation([shape_layer([group([rect((80, 80)), fill()])], hasMask=True,
                                              masksProperties=[mask("a", square_path(20), opacity=50, expansion=10)])])
    P["masksubtract"] = animation([shape_layer([group([rect((80, 80)), fill()])], hasMask=True,
                                               masksProperties=[mask("s", square_path(20))])])
    P["masksorder"] = animation([shape_layer([group([rect((90, 90)), fill()])], hasMask=True, masksProperties=[
        mask("a", square_path(25, (-10, 0))), mask("a", square_path(15, (20, 10))), mask("s", square_path(8, (-10, 0))),
        mask("i", square_path(30, (0, 10)))])])
    P["maskinverted"] = animation([shape_layer([group([rect((80, 80)), fill()])], hasMask=True,
                                               masksProperties=[mask("a", square_path(20), inverted=True)])])
    P["repeater"] = animation([shape_layer([group([rect((10, 10), p=(-35, 0)), fill(), {"ty": "rp", "c": kf((0, 2), (20, 6)),
                                "o": v(1), "m": 1, "tr": {"ty": "tr", "p": v([12, 0]), "a": v([0, 0]), "s": v([100, 100]),
                                                          "r": v(10), "so": v(100), "eo": v(30)}}])])])
    for m in (1, 2):
        P[f"trim{m}"] = animation([shape_layer([group([rect((60, 20), p=(0, -20)), ellipse((40, 40), p=(0, 20)), stroke(),
                                    {"ty": "tm", "s": v(0), "e": kf((0, 10), (20, 90)), "o": v(0), "m": m}])])])
    P["star"] = animation([shape_layer([group([{"ty": "sr", "sy": 1, "d": 1, "pt": kf((0, 5), (20, 8)), "p": v([0, 0]),
                                                "r": v(0), "ir": v(15), "is": v(0), "or": v(40), "os": v(0)},
                                               fill((1, 0.5, 0))])])])
    P["polygon"] = animation([shape_layer([group([{"ty": "sr", "sy": 2, "d": 1, "pt": v(6), "p": v([0, 0]),
                                                   "r": kf((0, 0), (20, 60)), "or": v(40), "os": v(30)},
                                                  fill((0, 0.5, 1))])])])
    inner = shape_layer([group([rect((30, 30)), fill((0, 0.6, 0))])], ip=0, op=40)
    inner["ks"]["p"] = kf((0, [20, 50, 0]), (20, [80, 50, 0]))
    P["precompstretch"] = animation([{"ty": 0, "ind": 1, "refId": "c", "w": 100, "h": 100, "ip": 0, "op": 21, "st": 4, "sr": 2,
                                      "ks": ks(p=(50, 50), a=(50, 50))}], assets=[{"id": "c", "layers": [inner]}])
    P["precompinpoint"] = animation([{"ty": 0, "ind": 1, "refId": "c", "w": 100, "h": 100, "ip": 0, "op": 21, "st": 3,
                                      "ks": ks(p=(50, 50), a=(50, 50))}],
                                    assets=[{"id": "c", "layers": [shape_layer([group([ellipse((40, 40)), fill((1, 0.3, 0))])],
                                                                               ip=5, op=15)]}])
    P["parentopacity"] = animation([{"ty": 3, "ind": 1, "ip": 0, "op": 21, "st": 0, "ks": ks(o=30, r=30, s=(80, 120))},
                                    dict(shape_layer([group([rect((30, 30)), fill()])], ind=2, k=ks(p=(10, 10), o=70)), parent=1)])
    P["matteopacity"] = animation([dict(shape_layer([group([ellipse((60, 60)), fill((0, 0, 0))])], ind=1, k=ks(o=50)), td=1),
                                   dict(shape_layer([group([rect((90, 90)), fill((1, 0, 0))])], ind=2), tt=1)])
    P["matteinverted"] = animation([dict(shape_layer([group([ellipse((50, 50)), fill((0, 0, 0))])], ind=1), td=1),
                                    dict(shape_layer([group([rect((90, 90)), fill((0, 0.5, 0))])], ind=2), tt=2)])
    P["joins"] = animation([shape_layer([group([path([[-40, 30], [0, -30], [40, 30]], closed=False),
                                                dict(stroke(w=10), lj=1, ml=1, lc=1)]),
                                         group([path([[-40, 40], [0, -10], [40, 40]], closed=False),
                                                dict(stroke((0, 0.6, 0), w=6), lj=1, ml=8, lc=3)])])])
    P["ellipsetrim"] = animation([shape_layer([group([ellipse((60, 60), d=3), stroke(w=8),
                                                      {"ty": "tm", "s": v(0), "e": v(25), "o": kf((0, 0), (20, 180)), "m": 1}])])])
    P["fillhold"] = animation([shape_layer([group([rect((60, 60)), {"ty": "fl", "r": 1, "o": kf((0, 100), (20, 20)),
                                "c": kf((0, [1, 0, 0, 1]), (10, [0, 0, 1, 1]), (20, [0, 1, 0, 1]), hold=True)}])])])
    spatial = ks()
    spatial["p"] = {"a": 1, "k": [{"t": 0, "s": [15, 85, 0], "to": [0, -60, 0], "ti": [0, -60, 0],
                                   "i": {"x": 0.5, "y": 1}, "o": {"x": 0.5, "y": 0}}, {"t": 20, "s": [85, 85, 0]}]}
    P["spatial"] = animation([shape_layer([group([ellipse((16, 16)), fill()])], k=spatial)])
    P["dash"] = animation([shape_layer([group([ellipse((60, 60)), dict(stroke(w=6), d=[{"n": "d", "v": v(12)}, {"n": "g", "v": v(6)},
                                                                                     {"n": "o", "v": kf((0, 0), (20, 36))}])])])])
    P["groupopacity"] = animation([shape_layer([group([group([rect((40, 40)), fill()], t=tr(p=(-10, -10), o=50), nm="inner"),
                                                       ellipse((40, 40), p=(15, 15)), fill((0, 0, 1))],
                                                      t=tr(s=(120, 80), r=15, o=80))])])
    P["roundrect"] = animation([shape_layer([group([rect((80, 40), r=kf((0, 5), (20, 18))), fill((0.5, 0, 0.5)),
                                                    stroke((0, 0, 0), w=3)])])])
    P["openfill"] = animation([shape_layer([group([path([[-40, 30], [0, -30], [40, 30]], closed=False), fill((0, 0.5, 0.5)),
                                                   stroke(w=3)])])])
    shadow_values = [("Shadow Color", 2, [0, 0, 0, 1]), ("Opacity", 0, 128), ("Direction", 1, 135), ("Distance", 0, 10),
                     ("Softness", 0, 6)]
    P["shadow"] = animation([shape_layer([group([rect((40, 40)), fill()])], ef=[
        {"ty": 25, "nm": "Drop Shadow", "ef": [{"ty": t, "nm": n, "v": v(x)} for n, t, x in shadow_values]}])])
    P["flipy"] = animation([shape_layer([group([path([[-30, 20], [0, -30], [30, 20]]), fill()])], k=ks(s=(100, -100), r=20))])
    P["flipxanimated"] = animation([shape_layer([group([path([[-30, 20], [0, -30], [30, 20]]), fill((0, 0.4, 0.8))])],
                                                k=dict(ks(), s=kf((0, [100, 100, 100]), (20, [-100, 100, 100]))))])
    P["blend"] = animation([dict(shape_layer([group([ellipse((60, 60)), fill((0, 0, 1))])], ind=1), bm=1),
                            {"ty": 1, "ind": 2, "ip": 0, "op": 21, "st": 0, "sc": "#ffcc00", "sw": 100, "sh": 100,
                             "ks": ks(p=(50, 50), a=(50, 50))}])
    P["twofills"] = animation([shape_layer([group([rect((50, 50), p=(-10, -10)), fill((1, 0, 0), o=60), ellipse((50, 50), p=(10, 10)),
                                                  fill((0, 0, 1), o=60), stroke((0, 0, 0), w=2)])])])
    P["strokefirst"] = animation([shape_layer([group([ellipse((60, 60)), stroke((0, 0, 0), w=12), fill((1, 0.8, 0))])])])
    P["inheritedstroke"] = animation([shape_layer([group([group([rect((20, 20))], t=tr(s=(300, 150)), nm="scaled"),
                                                          stroke((0.6, 0, 0.6), w=4)])])])
    P["textcenter"] = animation([text_layer("Hello\rWorld", k=ks(p=(50, 40)), j=2, s=16, lh=20, tr=50)])
    P["textbox"] = animation([text_layer("Boxed text wraps at the width of its box", k=ks(p=(0, 0)), sz=[80, 60], ps=[10, 20],
                                         j=0, s=12, lh=14)])
    P["textstroke"] = animation([text_layer("Ab", k=ks(p=(20, 60)), s=40, lh=40, fc=[1, 0.8, 0], sc=[0, 0, 0], sw=3, of=True)])
    remapped = shape_layer([group([rect((20, 20)), fill((0.9, 0.2, 0.2))])], k=dict(ks(), p=kf((0, [10, 50, 0]), (20, [90, 50, 0]))),
                           op=40)
    P["timeremap"] = animation([{"ty": 0, "ind": 1, "refId": "c", "w": 100, "h": 100, "ip": 0, "op": 21, "st": 0,
                                 "ks": ks(p=(50, 50), a=(50, 50)), "tm": kf((0, 2), (20, 0))}],
                               assets=[{"id": "c", "layers": [remapped]}])
    P["positionhold"] = animation([shape_layer([group([rect((20, 20)), fill((0.2, 0.6, 0.2))])],
                                               k=dict(ks(), p=kf((0, [20, 20, 0]), (8, [80, 20, 0]), (14, [80, 80, 0]),
                                                                 (20, [20, 80, 0]), hold=True)))])
    P["splitposition"] = animation([shape_layer([group([ellipse((20, 20)), fill((0.8, 0.4, 0))])],
                                                k=dict(ks(), p={"s": True, "x": kf((0, 15), (20, 85)), "y": kf((0, 85), (10, 15))}))])
    moving = dict(ks(), p=kf((0, [20, 50, 0]), (10, [80, 50, 0])))
    P["layerstart"] = animation([shape_layer([group([rect((20, 20)), fill((0.3, 0.3, 0.9))])], k=moving, st=5)])
    P["layerstretch"] = animation([shape_layer([group([rect((20, 20)), fill((0.9, 0.3, 0.3))])], k=dict(moving), sr=2)])
    P["gradstroketrim"] = animation([shape_layer([group([ellipse((60, 60)), {"ty": "gs", "o": v(100), "w": v(8), "lc": 2, "lj": 2,
                                      "t": 1, "s": v([-30, 0]), "e": v([30, 0]), "g": {"p": 2, "k": v([0, 1, 0, 0, 1, 0, 0, 1])}},
                                      {"ty": "tm", "s": v(0), "e": kf((0, 20), (20, 80)), "o": v(30), "m": 1}])])])
    P["radialalpha"] = animation([shape_layer([group([ellipse((80, 80)), {"ty": "gf", "o": v(80), "r": 1, "t": 2,
                                   "s": v([0, 0]), "e": kf((0, [20, 0]), (20, [40, 0])),
                                   "g": {"p": 2, "k": kf((0, [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0]), (20, [0, 0, 1, 0, 1, 1, 1, 0, 0, 0.2, 1, 1]))}}])])])
    P["strokeanimated"] = animation([shape_layer([group([path([[-35, 0], [0, -30], [35, 0], [0, 30]]),
                                                         {"ty": "st", "c": kf((0, [1, 0, 0, 1]), (20, [0, 0, 1, 1])), "o": kf((0, 100), (20, 40)),
                                                          "w": kf((0, 2), (20, 14)), "lc": 1, "lj": 1, "ml": 4}])])])
    P["trimthree"] = animation([shape_layer([group([rect((60, 12), p=(0, -30)), rect((60, 12), p=(0, 0)), rect((60, 12), p=(0, 30)),
                                                    stroke((0, 0, 0), w=3), {"ty": "tm", "s": v(10), "e": kf((0, 30), (20, 100)),
                                                                             "o": v(0), "m": 2}])])])
    P["repeateroffset"] = animation([shape_layer([group([ellipse((10, 10), p=(-35, 0)), fill((0.2, 0.5, 0.2)),
                                                         {"ty": "rp", "c": v(4), "o": v(1), "m": 2,
                                                          "tr": {"ty": "tr", "p": v([15, 5]), "a": v([0, 0]), "s": v([90, 90]),
                                                                 "r": v(0), "so": v(100), "eo": v(50)}}])])])
    P["hiddenitem"] = animation([shape_layer([group([rect((40, 40)), dict(fill((1, 0, 0)), hd=True), fill((0, 0.6, 0))]),
                                              dict(group([ellipse((30, 30), p=(20, 20)), fill((0, 0, 1))]), hd=True)])])
    P["parentchain"] = animation([{"ty": 3, "ind": 1, "ip": 0, "op": 21, "st": 0, "ks": dict(ks(p=(50, 50)), r=kf((0, 0), (20, 90)))},
                                  {"ty": 3, "ind": 2, "parent": 1, "ip": 0, "op": 21, "st": 0,
                                   "ks": dict(ks(p=(20, 0), a=(5, 5)), s=kf((0, [100, 100, 100]), (20, [50, 150, 100])))},
                                  dict(shape_layer([group([rect((16, 16)), fill((0.5, 0.2, 0.7))])], ind=3, k=ks(p=(0, 0))), parent=2)])
    P["matteparent"] = animation([{"ty": 3, "ind": 1, "ip": 0, "op": 21, "st": 0, "ks": dict(ks(p=(50, 50)), p=kf((0, [30, 50, 0]), (20, [70, 50, 0])))},
                                  dict(shape_layer([group([ellipse((40, 40)), fill((0, 0, 0))])], ind=2, k=ks(p=(0, 0))), td=1, parent=1),
                                  dict(shape_layer([group([rect((90, 30)), fill((0.9, 0.6, 0))])], ind=3), tt=1)])
    P["solidmasked"] = animation([{"ty": 1, "ind": 1, "ip": 0, "op": 21, "st": 0, "sc": "#3366cc", "sw": 80, "sh": 80,
                                   "ks": ks(p=(50, 50), a=(40, 40), o=70), "hasMask": True,
                                   "masksProperties": [mask("a", [[10, 10], [70, 20], [40, 70]])]}])
    P["precompopacity"] = animation([{"ty": 0, "ind": 1, "refId": "c", "w": 100, "h": 100, "ip": 0, "op": 21, "st": 0,
                                      "ks": ks(p=(50, 50), a=(50, 50), o=50)}],
                                    assets=[{"id": "c", "layers": [shape_layer([group([rect((40, 40), p=(45, 45)), fill((1, 0, 0))])], ind=1),
                                                                   shape_layer([group([rect((40, 40), p=(60, 60)), fill((0, 0, 1))])], ind=2)]}])
    P["timeremaphold"] = animation([{"ty": 0, "ind": 1, "refId": "c", "w": 100, "h": 100, "ip": 0, "op": 21, "st": 0,
                                     "ks": ks(p=(50, 50), a=(50, 50)), "tm": kf((0, 0), (10, 1.5), (20, 0.5), hold=True)}],
                                   assets=[{"id": "c", "layers": [remapped]}])
    def repeater(copies, p=(0, 0), a=(0, 0), s=(100, 100), r=0, so=100, eo=100):
        return {"ty": "rp", "c": v(copies), "o": v(0), "m": 1, "tr": {"ty": "tr", "p": v(list(p)), "a": v(list(a)), "s": v(list(s)),
                                                                     "r": v(r), "so": v(so), "eo": v(eo)}}
    square = group([rect((10, 10), p=(0, -20)), fill((0.1, 0.4, 0.8))], nm="Square")
    P["repeateranchor"] = animation([shape_layer([group([square, repeater(4, a=(0, 15), r=45)])])])
    P["repeaterscale"] = animation([shape_layer([group([square, repeater(4, p=(15, 0), s=(80, 80))])])])
    P["repeaterfade"] = animation([shape_layer([group([square, repeater(4, p=(15, 0), so=100, eo=20)])])])
    P["lumamatte"] = animation([dict(shape_layer([group([ellipse((60, 60)), fill((1, 1, 1))])], ind=1), td=1),
                                dict(shape_layer([group([rect((90, 90)), fill((0.1, 0.5, 0.9))])], ind=2), tt=3)])
    P["mergepaths"] = animation([shape_layer([group([rect((50, 50), p=(-10, -10)), ellipse((50, 50), p=(10, 10)), {"ty": "mm", "mm": 3},
                                                    fill((0.6, 0.1, 0.1))])])])
    P["offsetpath"] = animation([shape_layer([group([rect((40, 40)), {"ty": "op", "a": v(8), "lj": 1, "ml": v(4)},
                                                    fill((0.1, 0.6, 0.1))])])])
    P["zigzag"] = animation([shape_layer([group([ellipse((60, 60)), {"ty": "zz", "r": v(6), "s": v(5), "pt": v(1)},
                                                stroke((0, 0, 0), w=2)])])])
    P["rotate3d"] = animation([dict(shape_layer([group([rect((50, 30)), fill((0.9, 0.5, 0.1))])],
                                                k=dict(ks(), rx=v(50), ry=v(0), rz=v(20), or_=v([0, 0, 0]))), ddd=1)])
    P["textright"] = animation([text_layer("Right\rjustified", k=ks(p=(90, 40)), j=1, s=14, lh=18, tr=-20)])
    P["imagelayer"] = animation([{"ty": 2, "ind": 1, "refId": "img", "ip": 0, "op": 21, "st": 0, "ks": dict(ks(p=(50, 50), a=(40, 30)), r=v(10))}],
                                assets=[{"id": "img", "w": 80, "h": 60, "u": "", "p": "dog.png", "e": 0}])
    P["masknone"] = animation([shape_layer([group([rect((80, 80)), fill()])], hasMask=True,
                                           masksProperties=[mask("n", square_path(20)), mask("a", square_path(30, (10, 10)))])])
    # Round four: auto-orient, several trims, rounded corners, animated skew, round stars,
    # tracking, an animated gradient opacity, a matted precomposition.
    P["autoorient"] = animation([shape_layer([group([rect((24, 8)), fill((0.1, 0.3, 0.9))])], k=spatial, ao=1)])
    P["twotrims"] = animation([shape_layer([group([rect((60, 60)), stroke((0, 0, 0), w=5), {"ty": "tm", "s": v(0), "e": v(60), "o": v(0), "m": 1},
                                                  {"ty": "tm", "s": kf((0, 0), (20, 40)), "e": v(100), "o": v(0), "m": 1}])])])
    P["roundedcorners"] = animation([shape_layer([group([rect((70, 50)), {"ty": "rd", "r": kf((0, 0), (20, 20))}, fill((0.8, 0.2, 0.2))])])])
    P["skewanimated"] = animation([shape_layer([group([rect((40, 40)), fill((0.2, 0.6, 0.3))],
                                                      t=dict(tr(), sk=kf((0, 0), (20, 40)), sa=v(30)))])])
    P["starround"] = animation([shape_layer([group([{"ty": "sr", "sy": 1, "d": 1, "pt": v(5), "p": v([0, 0]), "r": v(0), "ir": v(18),
                                                     "is": v(60), "or": v(40), "os": kf((0, 0), (20, 80))}, fill((0.9, 0.7, 0))])])])
    P["texttracking"] = animation([text_layer("Track", tr=150, s=16)])
    P["gradopacity"] = animation([shape_layer([group([rect((80, 80)), {"ty": "gf", "o": kf((0, 100), (20, 30)), "r": 1, "t": 1,
                                                      "s": v([-40, 0]), "e": v([40, 0]), "g": {"p": 2, "k": v([0, 1, 0, 0, 1, 0, 0, 1])}}])])])
    P["precompmatte"] = animation([dict(shape_layer([group([ellipse(s=kf((0, [20, 20]), (20, [90, 90]))), fill((1, 1, 1))])], ind=1), td=1),
                                   dict({"ty": 0, "ind": 2, "refId": "c", "w": 100, "h": 100, "ip": 0, "op": 21, "st": 0,
                                         "ks": ks(p=(50, 50), a=(50, 50))}, tt=1)],
                                  assets=[{"id": "c", "layers": [shape_layer([group([rect((100, 30), p=(0, -20)), fill((0, 0, 1))]),
                                                                              group([rect((100, 30), p=(0, 20)), fill((1, 0, 0))])], ind=1)]}])
    # Round five: even-odd fills, miter joins, a hidden layer, an animated mask expansion,
    # pucker/bloat, a dashed gradient stroke, nested precompositions, a layer's in/out points
    # inside a precomposition.
    P["evenodd"] = animation([shape_layer([group([rect((80, 80)), rect((40, 40)), fill((0.2, 0.2, 0.7), r=2)])])])
    P["miterjoin"] = animation([shape_layer([group([path([[-40, 30], [0, -30], [40, 30]], closed=False),
                                                    dict(stroke((0, 0, 0), w=10), lj=1, ml=kf((0, 1), (20, 10)), lc=1)])])])
    P["hiddenlayer"] = animation([dict(shape_layer([group([rect((60, 60)), fill()])], ind=1), hd=True),
                                  shape_layer([group([ellipse((30, 30)), fill((0, 0.6, 0))])], ind=2)])
    P["maskexpand"] = animation([shape_layer([group([rect((90, 90)), fill()])], hasMask=True,
                                             masksProperties=[dict(mask("a", square_path(20)), x=kf((0, -10), (20, 15)))])])
    P["puckerbloat"] = animation([shape_layer([group([rect((60, 60)), {"ty": "pb", "a": kf((0, -50), (20, 50))}, fill((0.6, 0.1, 0.6))])])])
    P["gradientdash"] = animation([shape_layer([group([ellipse((60, 60)), {"ty": "gs", "o": v(100), "w": v(8), "lc": 1, "lj": 1, "t": 1,
                                                       "s": v([-30, 0]), "e": v([30, 0]), "g": {"p": 2, "k": v([0, 1, 0, 0, 1, 0, 0, 1])},
                                                       "d": [{"n": "d", "v": v(10)}, {"n": "g", "v": v(5)}, {"n": "o", "v": kf((0, 0), (20, 30))}]}])])])
    inner = {"id": "inner", "layers": [shape_layer([group([rect((30, 30)), fill((0.9, 0.4, 0))])], ind=1,
                                                   k=dict(ks(p=(50, 50)), r=kf((0, 0), (20, 90))))]}
    outer = {"id": "outer", "layers": [{"ty": 0, "ind": 1, "refId": "inner", "w": 100, "h": 100, "ip": 0, "op": 40, "st": -5,
                                        "ks": ks(p=(50, 50), a=(50, 50), o=60)}]}
    P["nestedprecomp"] = animation([{"ty": 0, "ind": 1, "refId": "outer", "w": 100, "h": 100, "ip": 0, "op": 21, "st": 3,
                                     "ks": ks(p=(50, 50), a=(50, 50), s=(80, 80))}], assets=[inner, outer])
    late = {"id": "late", "layers": [dict(shape_layer([group([rect((40, 40)), fill((0, 0.4, 0.8))])], ind=1), ip=8, op=15)]}
    P["precompinout"] = animation([{"ty": 0, "ind": 1, "refId": "late", "w": 100, "h": 100, "ip": 0, "op": 21, "st": 2,
                                    "ks": ks(p=(50, 50), a=(50, 50))}], assets=[late])
    # Round six: inverted luma mattes, square caps, a roundness past half the side, parallel
    # trims with an animated width, an animated radial highlight, a masked precomposition, an
    # auto-oriented child of a moving parent, an animated layer opacity over a group's.
    P["lumainverted"] = animation([dict(shape_layer([group([ellipse((60, 60)), fill((1, 1, 1))])], ind=1), td=1),
                                   dict(shape_layer([group([rect((90, 90)), fill((0.1, 0.5, 0.9))])], ind=2), tt=4)])
    P["squarecap"] = animation([shape_layer([group([path([[-30, 0], [30, 0]], closed=False),
                                                    dict(stroke((0, 0, 0), w=kf((0, 4), (20, 16))), lc=3)])])])
    P["roundrectbig"] = animation([shape_layer([group([rect((80, 40), r=kf((0, 10), (20, 60))), fill((0.3, 0.3, 0.8))])])])
    P["trimparallel"] = animation([shape_layer([group([ellipse((70, 70)), ellipse((30, 30)), stroke((0.8, 0, 0), w=kf((0, 2), (20, 10))),
                                                       {"ty": "tm", "s": v(0), "e": kf((0, 10), (20, 90)), "o": v(45), "m": 1}])])])
    P["radialhighlightanim"] = animation([shape_layer([group([ellipse((80, 80)), {"ty": "gf", "o": v(100), "r": 1, "t": 2,
                                                               "h": kf((0, -60), (20, 60)), "a": kf((0, 0), (20, 180)),
                                                               "s": v([0, 0]), "e": v([40, 0]),
                                                               "g": {"p": 2, "k": v([0, 1, 1, 1, 1, 0.1, 0.2, 0.6])}}])])])
    masked = {"id": "m", "layers": [shape_layer([group([rect((100, 100)), fill((0.9, 0.5, 0.1))])], ind=1)]}
    P["precompmask"] = animation([{"ty": 0, "ind": 1, "refId": "m", "w": 100, "h": 100, "ip": 0, "op": 21, "st": 0,
                                   "ks": ks(p=(50, 50), a=(50, 50)), "hasMask": True,
                                   "masksProperties": [dict(mask("a", [[20, 20], [80, 30], [50, 85]]), o=kf((0, 100), (20, 30)))]}],
                                 assets=[masked])
    P["orientchild"] = animation([{"ty": 3, "ind": 1, "ip": 0, "op": 21, "st": 0, "ks": dict(ks(p=(50, 50)), r=kf((0, 0), (20, 120)))},
                                  dict(shape_layer([group([rect((20, 6)), fill((0.1, 0.6, 0.3))])], ind=2, k=dict(ks(), p=spatial["p"])),
                                       parent=1, ao=1)])
    P["layeropacity"] = animation([shape_layer([group([rect((60, 60)), fill((0, 0, 0))], t=tr(o=60))],
                                               k=dict(ks(), o=kf((0, 100), (10, 20), (20, 80))))])
    # Round seven: a held path, a radial gradient stroke, an inverted subtract mask, a moving
    # rectangle, a turning star, a parent at opacity 0, a stretched parent, three animated stops.
    held = {"a": 1, "k": [{"t": 0, "s": [{"i": [[0, 0]] * 3, "o": [[0, 0]] * 3, "v": [[-30, 20], [0, -30], [30, 20]], "c": True}], "h": 1},
                          {"t": 10, "s": [{"i": [[0, 0]] * 3, "o": [[0, 0]] * 3, "v": [[-30, -20], [0, 30], [30, -20]], "c": True}]}]}
    P["heldpath"] = animation([shape_layer([group([{"ty": "sh", "ks": held}, fill((0.2, 0.2, 0.2))])])])
    P["radialstroke"] = animation([shape_layer([group([rect((60, 60)), {"ty": "gs", "o": v(100), "w": v(12), "lc": 2, "lj": 2, "t": 2,
                                                      "s": v([0, 0]), "e": v([40, 0]), "g": {"p": 2, "k": v([0, 1, 0, 0, 1, 0, 0, 1])}}])])])
    P["masksubinverted"] = animation([shape_layer([group([rect((80, 80)), fill()])], hasMask=True,
                                                  masksProperties=[mask("a", square_path(35)), mask("s", square_path(15), inverted=True)])])
    P["movingrect"] = animation([shape_layer([group([rect(kf((0, [20, 20]), (20, [60, 30])), p=kf((0, [-20, -20]), (20, [20, 20]))),
                                                    fill((0.7, 0.3, 0.1))])])])
    P["turningstar"] = animation([shape_layer([group([{"ty": "sr", "sy": 1, "d": 1, "pt": v(6), "p": v([0, 0]), "r": kf((0, 0), (20, 60)),
                                                       "ir": v(15), "is": v(0), "or": v(35), "os": v(0)}, fill((0.1, 0.5, 0.6))])])])
    P["hiddenparent"] = animation([{"ty": 3, "ind": 1, "ip": 0, "op": 21, "st": 0, "ks": dict(ks(p=(50, 50)), o=v(0), s=kf((0, [100, 100, 100]), (20, [60, 60, 100])))},
                                   dict(shape_layer([group([rect((30, 30)), fill((0.5, 0, 0.5))])], ind=2, k=ks(p=(10, 0))), parent=1)])
    P["stretchedparent"] = animation([dict({"ty": 3, "ind": 1, "ip": 0, "op": 21, "st": 0, "ks": dict(ks(p=(50, 50)), r=kf((0, 0), (10, 90)))}, sr=2),
                                      dict(shape_layer([group([rect((20, 20)), fill((0, 0.5, 0))])], ind=2, k=ks(p=(20, 0))), parent=1)])
    P["threestops"] = animation([shape_layer([group([rect((80, 80)), {"ty": "gf", "o": v(100), "r": 1, "t": 1, "s": v([-40, 0]), "e": v([40, 0]),
                                                     "g": {"p": 3, "k": kf((0, [0, 1, 0, 0, 0.5, 0, 1, 0, 1, 0, 0, 1]),
                                                                           (20, [0, 0, 0, 1, 0.3, 1, 1, 0, 1, 1, 0, 0]))}}])])])
    # Round eight: keyframes written the old way (end values in `e`), a fill colour's own
    # alpha, per-axis easing, a child of a precomposition layer, a precomposition as a matte,
    # two matted pairs, overshooting easing, a position that rests between keyframes, two
    # keyframes at one frame, a path whose vertex count changes, hidden groups, difference and
    # lighten masks, a composition that starts after frame 0.
    old = {"a": 1, "k": [{"t": 0, "s": [20, 50, 0], "e": [80, 30, 0], "i": {"x": 0.5, "y": 1}, "o": {"x": 0.5, "y": 0}},
                         {"t": 12, "s": [80, 30, 0], "e": [60, 80, 0], "i": {"x": 0.5, "y": 1}, "o": {"x": 0.5, "y": 0}},
                         {"t": 20}]}
    P["oldkeyframes"] = animation([shape_layer([group([rect((20, 20)), fill((0.2, 0.4, 0.8))])], k=dict(ks(), p=old))])
    P["fillcoloralpha"] = animation([shape_layer([group([rect((60, 60)), {"ty": "fl", "c": v([1, 0, 0, 0.4]), "o": v(100), "r": 1}]),
                                                  group([rect((60, 60), p=(15, 15)), {"ty": "fl", "c": v([0, 0, 1, 1]), "o": v(100), "r": 1}])])])
    axis = {"a": 1, "k": [{"t": 0, "s": [20, 20, 0], "i": {"x": [0.9, 0.1], "y": [0.1, 0.9]}, "o": {"x": [0.1, 0.9], "y": [0.9, 0.1]}},
                          {"t": 20, "s": [80, 80, 0]}]}
    P["peraxiseasing"] = animation([shape_layer([group([rect((16, 16)), fill((0.7, 0.2, 0.2))])], k=dict(ks(), p=axis))])
    child_of_precomp = dict(shape_layer([group([rect((16, 16)), fill((0.1, 0.1, 0.1))])], ind=2, k=ks(p=(30, 20))), parent=1)
    P["parentprecomp"] = animation([child_of_precomp,
                                    {"ty": 0, "ind": 1, "refId": "c", "w": 100, "h": 100, "ip": 0, "op": 21, "st": 0,
                                     "ks": dict(ks(p=(50, 50), a=(50, 50)), r=kf((0, 0), (20, 90)), s=v([70, 70, 100]))}],
                                   assets=[{"id": "c", "layers": [shape_layer([group([ellipse((40, 40)), fill((0.9, 0.6, 0))])], ind=1)]}])
    P["precompasmatte"] = animation([dict({"ty": 0, "ind": 1, "refId": "c", "w": 100, "h": 100, "ip": 0, "op": 21, "st": 0,
                                           "ks": dict(ks(p=(50, 50), a=(50, 50)), r=kf((0, 0), (20, 45)))}, td=1),
                                     dict(shape_layer([group([rect((90, 90)), fill((0.1, 0.6, 0.3))])], ind=2), tt=1)],
                                    assets=[{"id": "c", "layers": [shape_layer([group([rect((60, 20)), fill((0, 0, 0))])], ind=1)]}])
    P["twomattes"] = animation([dict(shape_layer([group([ellipse((40, 40), p=(-20, 0)), fill((0, 0, 0))])], ind=1), td=1),
                                dict(shape_layer([group([rect((90, 40), p=(0, -20)), fill((1, 0, 0))])], ind=2), tt=1),
                                dict(shape_layer([group([ellipse((40, 40), p=(20, 0)), fill((0, 0, 0))])], ind=3), td=1),
                                dict(shape_layer([group([rect((90, 40), p=(0, 20)), fill((0, 0, 1))])], ind=4), tt=2)])
    bounce = {"a": 1, "k": [{"t": 0, "s": [30, 30, 100], "i": {"x": [0.3], "y": [1.6]}, "o": {"x": [0.4], "y": [-0.6]}},
                            {"t": 20, "s": [100, 100, 100]}]}
    P["overshoot"] = animation([shape_layer([group([rect((50, 50)), fill((0.3, 0.1, 0.6))])], k=dict(ks(), s=bounce))])
    rest = {"a": 1, "k": [{"t": 0, "s": [20, 50, 0], "to": [10, 0, 0], "ti": [0, 0, 0], "i": {"x": 0.5, "y": 1}, "o": {"x": 0.5, "y": 0}},
                          {"t": 6, "s": [50, 50, 0], "to": [0, 0, 0], "ti": [0, 0, 0], "i": {"x": 0.5, "y": 1}, "o": {"x": 0.5, "y": 0}},
                          {"t": 12, "s": [50, 50, 0], "to": [0, 10, 0], "ti": [0, -10, 0], "i": {"x": 0.5, "y": 1}, "o": {"x": 0.5, "y": 0}},
                          {"t": 20, "s": [80, 20, 0]}]}
    P["positionrest"] = animation([shape_layer([group([ellipse((14, 14)), fill((0.1, 0.5, 0.8))])], k=dict(ks(), p=rest))])
    jump = {"a": 1, "k": [{"t": 0, "s": [0], "i": {"x": [0.5], "y": [1]}, "o": {"x": [0.5], "y": [0]}},
                          {"t": 10, "s": [45], "i": {"x": [0.5], "y": [1]}, "o": {"x": [0.5], "y": [0]}},
                          {"t": 10, "s": [-30], "i": {"x": [0.5], "y": [1]}, "o": {"x": [0.5], "y": [0]}},
                          {"t": 20, "s": [30]}]}
    P["samekeyframetime"] = animation([shape_layer([group([rect((50, 20)), fill((0.6, 0.4, 0))])], k=dict(ks(), r=jump))])
    tri = {"i": [[0, 0]] * 3, "o": [[0, 0]] * 3, "v": [[-30, 20], [0, -30], [30, 20]], "c": True}
    quad = {"i": [[0, 0]] * 4, "o": [[0, 0]] * 4, "v": [[-30, -30], [30, -30], [30, 30], [-30, 30]], "c": True}
    P["pathcountchange"] = animation([shape_layer([group([{"ty": "sh", "ks": kf((0, [tri]), (20, [quad]))}, fill((0.3, 0.5, 0.3))])])])
    P["hiddengroup"] = animation([shape_layer([dict(group([rect((60, 60)), fill((1, 0, 0))]), hd=True),
                                               group([ellipse((30, 30)), fill((0, 0, 0.8))])])])
    P["maskdifference"] = animation([shape_layer([group([rect((90, 90)), fill((0.2, 0.5, 0.2))])], hasMask=True,
                                                 masksProperties=[mask("a", square_path(25, (-10, -10))), mask("f", square_path(25, (10, 10)))])])
    P["masklighten"] = animation([shape_layer([group([rect((90, 90)), fill((0.5, 0.2, 0.2))])], hasMask=True,
                                              masksProperties=[mask("a", square_path(20, (-15, 0))), mask("l", square_path(20, (15, 0)))])])
    late_start = animation([shape_layer([group([rect((30, 30)), fill((0.8, 0.3, 0.5))])],
                                        k=dict(ks(), p=kf((5, [20, 50, 0]), (25, [80, 50, 0]))), ip=5, op=26)], op=26)
    late_start["ip"] = 5
    P["compstart"] = late_start
    # Round nine: layers turned about x or y, with a scale and a z rotation beside the turn
    # (lottie-ios's snapshots draw such a layer through render(in:), flat and untransformed).
    P["turnx"] = animation([shape_layer([group([rect((40, 20)), fill((0.8, 0.2, 0.2))])],
                                        k=dict(ks(s=(150, 150), r=20), rx=v(60)))])
    P["turnyanimated"] = animation([shape_layer([group([rect((40, 20)), fill((0.2, 0.4, 0.8))])],
                                                k=dict(ks(s=(120, 120)), ry=kf((0, 0), (10, 0), (20, 180)), rz=kf((0, 0), (20, 90))))])
    return P
