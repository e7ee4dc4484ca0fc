"""What moreau's plotting scripts share: matplotlib without a display (its Agg backend, so
that a script draws on a machine without one), or an exit that names the package to install
where it is missing. Installed beside the scripts, which import it from their own folder."""

import sys

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as pyplot
except ImportError:
    sys.exit("matplotlib is not installed (Debian: apt-get install python3-matplotlib)")

__all__ = ["pyplot"]
