#!/usr/bin/python3
from PIL import Image

RED, BLUE, GREEN, HALF_BLUE = (255, 0, 0, 255), (0, 0, 255, 255), (0, 255, 0, 255), (0, 0, 255, 128)
CLEAR = (0, 0, 0, 0)

def frame(fill, square=None, color=None, size=(8, 8)):
    im = Image.new("RGBA", size, fill)
    if square:
        x0, y0 = square
        for y in range(y0, y0 + 4):
            for x in range(x0, x0 + 4):
                im.putpixel((x, y), color)
    return im

# An interlaced GIF (Pillow interlaces images of 16 px and more): every row its own grey, so a
# row put back in the wrong place shows.
rows = Image.new("L", (16, 24))
for y in range(24):
    for x in range(16):
        rows.putpixel((x, y), y * 10)
rows.save("interlaced.gif", interlace=True)
# The same without its trailer byte, as some encoders leave it.
data = open("interlaced.gif", "rb").read()
assert data[-1] == 0x3B
open("no-trailer.gif", "wb").write(data[:-1])

# APNG blend over: a half-transparent blue frame drawn over the red one.
frames = [frame(RED), frame(HALF_BLUE)]
frames[0].save("blend-over.png", save_all=True, append_images=frames[1:], duration=[100, 250], loop=0,
               disposal=[0, 0], blend=[0, 1], default_image=False)
# APNG dispose to background: the red frame is cleared before the blue square is drawn.
frames = [frame(RED), frame(CLEAR, (0, 0), BLUE)]
frames[0].save("dispose-background.png", save_all=True, append_images=frames[1:], duration=100, loop=2,
               disposal=[1, 0], blend=[0, 0], default_image=False)
# APNG dispose to previous: the blue square goes again before the green one is drawn.
frames = [frame(RED), frame(RED, (0, 0), BLUE), frame(RED, (4, 4), GREEN)]
frames[0].save("dispose-previous.png", save_all=True, append_images=frames[1:], duration=100, loop=0,
               disposal=[0, 2, 0], blend=[0, 0, 0], default_image=False)
# A palette APNG (colour type 3, index 3 transparent through tRNS) whose default image is not
# part of the animation. All frames share one palette: APNG has one PLTE.
def indexed(fill, square=None, index=None):
    im = Image.new("P", (8, 8), fill)
    im.putpalette([9, 9, 9, 255, 0, 0, 0, 255, 0, 0, 0, 0] + [0] * (768 - 12))
    if square:
        for y in range(square[1], square[1] + 4):
            for x in range(square[0], square[0] + 4):
                im.putpixel((x, y), index)
    return im
frames = [indexed(0), indexed(1), indexed(2, (4, 4), 3)]
frames[0].save("palette.png", save_all=True, append_images=frames[1:], duration=40, loop=0,
               default_image=True, transparency=3)
