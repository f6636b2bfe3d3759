package io.latencylab.objects;

import java.time.Instant;

/**
 * What the store knows of an object besides its bytes.
 * @param etag the MD5 of the bytes, in hex (Swift's ETag)
 */
record StoredObject(String name, long bytes, String etag, String contentType, Instant lastModified) {
}
