package io.latencylab.objects;

import java.util.Collections;
import java.util.List;
import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpRange;

/** The conditional and range headers of a GET, read as RFC 9110 orders them. */
final class Conditions {

	private Conditions() {
	}

	/** If-Match absent, "*", or naming the object's ETag. */
	static boolean ifMatch(HttpServletRequest request, StoredObject object) {
		List<String> tags = tags(request, HttpHeaders.IF_MATCH);
		return tags.isEmpty() || tags.contains("*") || tags.contains(object.etag());
	}

	/**
	 * 304: If-None-Match names the object's ETag (or is "*"); without If-None-Match,
	 * If-Modified-Since is no earlier than the object's time (to the second, as HTTP dates go).
	 */
	static boolean notModified(HttpServletRequest request, StoredObject object) {
		List<String> tags = tags(request, HttpHeaders.IF_NONE_MATCH);
		if (!tags.isEmpty()) {
			return tags.contains("*") || tags.contains(object.etag());
		}
		long since = date(request, HttpHeaders.IF_MODIFIED_SINCE);
		return since >= 0 && object.lastModified().getEpochSecond() <= since / 1000;
	}

	/**
	 * The one range asked for, if If-Range (when sent) still names this object. Several ranges or
	 * a malformed header: none (the whole object).
	 */
	static Optional<HttpRange> range(HttpServletRequest request, StoredObject object) {
		String header = request.getHeader(HttpHeaders.RANGE);
		if (header == null) {
			return Optional.empty();
		}
		String ifRange = request.getHeader(HttpHeaders.IF_RANGE);
		if (ifRange != null && !ObjectController.unquote(ifRange).equals(object.etag())) {
			return Optional.empty();
		}
		try {
			List<HttpRange> ranges = HttpRange.parseRanges(header);
			return (ranges.size() == 1) ? Optional.of(ranges.get(0)) : Optional.empty();
		}
		catch (IllegalArgumentException ex) {
			return Optional.empty();
		}
	}

	private static List<String> tags(HttpServletRequest request, String header) {
		return Collections.list(request.getHeaders(header))
			.stream()
			.flatMap((value) -> java.util.Arrays.stream(value.split(",")))
			.map(String::strip)
			.filter((tag) -> !tag.isEmpty())
			.map((tag) -> tag.equals("*") ? tag : ObjectController.unquote(tag))
			.toList();
	}

	/** The header's date in ms, or -1 when it is absent or not a date (then it is ignored). */
	private static long date(HttpServletRequest request, String header) {
		try {
			return request.getDateHeader(header);
		}
		catch (IllegalArgumentException ex) {
			return -1;
		}
	}

}
