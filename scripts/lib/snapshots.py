"""Helpers the Lottie scoring scripts share."""
import os
import subprocess
import sys
import tempfile


def linked_subset(snapshots, names):
    """A new folder of links to the snapshots named `names` (file names), so score.py does not
    count the rest as missing."""
    subset = tempfile.mkdtemp(prefix="lottie-snapshots-")
    for name in names:
        os.symlink(os.path.join(snapshots, name), os.path.join(subset, name))
    return subset


def score(lottie, renders, snapshots, json_out=None):
    """Runs ../shared/lottie/score.py over `renders` against `snapshots`; its exit status."""
    command = [sys.executable, os.path.join(lottie, "score.py"), renders, snapshots]
    if json_out:
        command += ["--json", json_out]
    return subprocess.run(command).returncode
