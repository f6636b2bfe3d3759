"""Runs one of Swift's WSGI servers in the foreground, its swift.conf read from SWIFT_DIR rather
than /etc/swift (which Swift reads otherwise): no root needed, nothing written outside the lab.

    python3 run-server.py SWIFT_DIR CONF SERVER    (SERVER: proxy-server, account-server, ...)
"""
import sys

from swift.common import utils

utils.set_swift_dir(sys.argv[1])

from swift.common.wsgi import run_wsgi  # noqa: E402 (after the folder is set)

options = {}
if sys.argv[3] == "object-server":
    from swift.obj import server

    options["global_conf_callback"] = server.global_conf_callback
sys.exit(run_wsgi(sys.argv[2], sys.argv[3], verbose=True, **options))
