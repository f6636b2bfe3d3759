"""Schemathesis hooks: every 4xx a service answers must be in its documented error shape.

FUZZ_ERROR_SHAPE says which: "problem" (application/problem+json, RFC 9457, with the status in
the body) or "course" (the toy store course's {"error": {"code": N, "message": "..."}}).
"""
import json
import os

import schemathesis

SHAPE = os.environ.get("FUZZ_ERROR_SHAPE", "problem")


@schemathesis.check
def error_shape(ctx, response, case):
    """A 4xx carries a body in the service's error shape, its status inside."""
    status = response.status_code
    if status < 400 or status >= 500 or case.method.upper() == "HEAD":
        return None
    content_type = (response.headers.get("content-type") or [""])[0]
    try:
        body = json.loads(response.content)
    except ValueError as ex:
        raise AssertionError(f"a {status} whose body is not JSON ({content_type}): {response.content[:200]!r}") from ex
    if SHAPE == "problem":
        if not content_type.startswith("application/problem+json"):
            raise AssertionError(f"a {status} as {content_type}, not application/problem+json")
        if body.get("status") != status:
            raise AssertionError(f"a {status} whose problem says status {body.get('status')}")
    else:
        error = body.get("error") if isinstance(body, dict) else None
        if not isinstance(error, dict) or error.get("code") != status or not isinstance(error.get("message"), str):
            raise AssertionError(f'a {status} not in the course\'s shape {{"error":{{"code","message"}}}}: {body}')
    return None
