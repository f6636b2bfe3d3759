# The cache tier of seed 003 (Varnish in front of the object store, as the study put Varnish in
# front of OpenStack Swift). The backend's address is filled in by whoever starts Varnish: ./lab
# (bare: 127.0.0.1 and SWIFT_PROXY_PORT or OBJECT_STORE_PORT) or compose (swift or object-store).
vcl 4.1;

import std;

backend object_store {
    .host = "@BACKEND_HOST@";
    .port = "@BACKEND_PORT@";
    .connect_timeout = 2s;
    .first_byte_timeout = 60s;
    .between_bytes_timeout = 10s;
}

# Who may PURGE: this machine, and the private networks a compose bridge uses.
acl purgers {
    "127.0.0.1";
    "::1";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        return (purge);
    }
    # Only objects are cached (/v1/account/container/object); listings change with every PUT.
    if (req.url !~ "^/v1/[^/]+/[^/]+/.") {
        return (pass);
    }
    if (req.method == "PUT" || req.method == "DELETE") {
        # A write goes to the store; the copy in the cache is dropped once it succeeds (vcl_deliver).
        return (pass);
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Objects are public here: no cookie or authorisation header keeps them out of the cache.
    unset req.http.Cookie;
    unset req.http.Authorization;
    return (hash);
}

# One object per URL, whatever Host a client sent (127.0.0.1:8086, localhost:8446 through hitch):
# there is one store behind this cache.
sub vcl_hash {
    hash_data(req.url);
    return (lookup);
}

sub vcl_backend_response {
    # The store sends no Cache-Control: its objects change only by a PUT or DELETE through here,
    # which bans the cached copy, so they are kept for an hour.
    set beresp.ttl = 1h;
    set beresp.grace = 10s;
    # Objects over 64 MB are streamed through uncached, so that a few large ones cannot evict the
    # many small ones the study's test cases read.
    if (std.integer(beresp.http.Content-Length, 0) > 67108864) {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
    }
    # The URL on the cached object, so that a write can ban it without the request (a lurker ban).
    set beresp.http.X-Url = bereq.url;
    # The store's time to its first byte, as Varnish saw it (ms): the backend part of a miss.
    set beresp.http.X-Backend-Ms = (std.time2real(beresp.time, 0.0) - std.time2real(bereq.time, 0.0)) * 1000;
    return (deliver);
}

sub vcl_deliver {
    if ((req.method == "PUT" || req.method == "DELETE") && resp.status >= 200 && resp.status < 300) {
        std.ban("obj.http.X-Url == " + req.url);
    }
    unset resp.http.X-Url;
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    set resp.http.X-Cache-Hits = obj.hits;
    # Where the time went, in Server-Timing: "cache" says hit, miss or pass; on a miss or pass,
    # "backend" is the store's first byte as Varnish saw it (ms; real timestamps of the fetch),
    # beside the store's own entries. A hit drops the store's entries (cached with the object, they
    # are the first fetch's). Varnish's own time per request is in its log (varnishlog, Timestamp
    # records; X-Varnish names the request there): VCL's "now" is not a clock one can read twice.
    if (obj.hits > 0) {
        set resp.http.Server-Timing = "cache;desc=hit";
    } elsif (resp.http.Server-Timing) {
        set resp.http.Server-Timing = "cache;desc=" + resp.http.X-Cache + ", backend;dur=" + resp.http.X-Backend-Ms
            + ", " + resp.http.Server-Timing;
    } else {
        set resp.http.Server-Timing = "cache;desc=" + resp.http.X-Cache + ", backend;dur=" + resp.http.X-Backend-Ms;
    }
    unset resp.http.X-Backend-Ms;
}

sub vcl_purge {
    return (synth(200, "Purged"));
}
