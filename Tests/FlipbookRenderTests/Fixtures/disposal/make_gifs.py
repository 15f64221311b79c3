#!/usr/bin/python3
# Makes the disposal fixtures with Pillow (another encoder than ours): run with Debian's
# python3-pil. Each GIF is 8x8 px; what each frame must look like follows from GIF89a's
# disposal methods, and GIFDisposalTests states it.
from PIL import Image

RED, BLUE, GREEN = (255, 0, 0, 255), (0, 0, 255, 255), (0, 255, 0, 255)
CLEAR = (0, 0, 0, 0)

def frame(fill, square=None, color=None):
    im = Image.new("RGBA", (8, 8), fill)
    if square:
        x0, y0 = square
        for y in range(y0, y0 + 4):
            for x in range(x0, x0 + 4):
                im.putpixel((x, y), color)
    return im

# Restore to background (2): the red frame is cleared before the blue square is drawn.
frames = [frame(RED), frame(CLEAR, (0, 0), BLUE)]
frames[0].save("background.gif", save_all=True, append_images=frames[1:], duration=100, loop=0,
               disposal=[2, 1], optimize=False)

# Restore to previous (3): the blue square is taken away again before the green one is drawn.
frames = [frame(RED), frame(RED, (0, 0), BLUE), frame(RED, (4, 4), GREEN)]
frames[0].save("previous.gif", save_all=True, append_images=frames[1:], duration=100, loop=0,
               disposal=[1, 3, 1], optimize=False)

# Do not dispose (1) with a transparent index: later frames show through to the earlier.
frames = [frame(RED), frame(CLEAR, (4, 0), BLUE)]
frames[0].save("keep.gif", save_all=True, append_images=frames[1:], duration=100, loop=0,
               disposal=[1, 1], optimize=False)
