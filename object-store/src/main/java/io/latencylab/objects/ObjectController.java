package io.latencylab.objects;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpRange;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Swift's object API: {@code /v1/{account}} lists containers, {@code /v1/{account}/{container}}
 * creates, lists, describes and deletes a container, {@code /v1/{account}/{container}/{object}}
 * puts, gets (whole, a range, or only if changed), describes and deletes an object. Bodies are
 * streamed in 64 KB pieces, each way: an object never sits whole in memory.
 */
@RestController
@RequestMapping("/v1")
class ObjectController {

	private static final int BUFFER = 64 * 1024;

	private static final int MAX_LISTING = 10_000;

	private static final MediaType TEXT = new MediaType("text", "plain", java.nio.charset.StandardCharsets.UTF_8);

	private final ObjectStore store;

	private final ObservationRegistry observations;

	private final DistributionSummary bytesRead;

	private final DistributionSummary bytesWritten;

	ObjectController(ObjectStore store, ObservationRegistry observations, MeterRegistry meters) {
		this.store = store;
		this.observations = observations;
		this.bytesRead = transferred(meters, "read");
		this.bytesWritten = transferred(meters, "write");
	}

	private static DistributionSummary transferred(MeterRegistry meters, String direction) {
		return DistributionSummary.builder("object.transfer")
			.description("Bytes of object data per request")
			.baseUnit("bytes")
			.tag("direction", direction)
			.register(meters);
	}

	@ApiResponse(responseCode = "200", description = "The account's containers")
	@ApiResponse(responseCode = "204", description = "The account has no containers")
	@GetMapping("/{account}")
	ResponseEntity<?> containers(@PathVariable String account, @RequestParam(defaultValue = "") String format) {
		List<String> names = this.store.containers(account);
		if (json(format)) {
			return ResponseEntity.ok(names.stream().map(ContainerEntry::new).toList());
		}
		return text(names);
	}

	@ApiResponse(responseCode = "201", description = "Created")
	@ApiResponse(responseCode = "202", description = "The container existed already")
	@PutMapping("/{account}/{container}")
	ResponseEntity<Void> createContainer(@PathVariable String account, @PathVariable String container) {
		boolean created = this.store.createContainer(account, container);
		return ResponseEntity.status(created ? HttpStatus.CREATED : HttpStatus.ACCEPTED).build();
	}

	@ApiResponse(responseCode = "200", description = "The container's objects")
	@ApiResponse(responseCode = "204", description = "No object matches (text listing)")
	@GetMapping("/{account}/{container}")
	ResponseEntity<?> objects(@PathVariable String account, @PathVariable String container,
			@RequestParam(defaultValue = "") String format, @RequestParam(defaultValue = "") String prefix,
			@RequestParam(defaultValue = "") String marker, @RequestParam(defaultValue = "" + MAX_LISTING) int limit) {
		if (limit < 1 || limit > MAX_LISTING) {
			throw ObjectStoreException.invalid("limit is 1 to " + MAX_LISTING + ", not " + limit);
		}
		List<StoredObject> objects = this.store.list(account, container, prefix, marker, limit);
		if (json(format)) {
			return ResponseEntity.ok(objects.stream().map(ObjectEntry::of).toList());
		}
		return text(objects.stream().map(StoredObject::name).toList());
	}

	@ApiResponse(responseCode = "204", description = "The container's object count and bytes, in headers")
	@RequestMapping(path = "/{account}/{container}", method = RequestMethod.HEAD)
	ResponseEntity<Void> describeContainer(@PathVariable String account, @PathVariable String container) {
		List<StoredObject> objects = this.store.list(account, container, "", "", Integer.MAX_VALUE);
		return ResponseEntity.noContent()
			.header("X-Container-Object-Count", String.valueOf(objects.size()))
			.header("X-Container-Bytes-Used", String.valueOf(objects.stream().mapToLong(StoredObject::bytes).sum()))
			.build();
	}

	@ApiResponse(responseCode = "204", description = "Deleted")
	@ApiResponse(responseCode = "409", description = "Conflict: the container still holds objects")
	@DeleteMapping("/{account}/{container}")
	ResponseEntity<Void> deleteContainer(@PathVariable String account, @PathVariable String container) {
		this.store.deleteContainer(account, container);
		return ResponseEntity.noContent().build();
	}

	/**
	 * Streams the body to disk: it needs a Content-Length or chunked encoding (else 411); the
	 * client may send the MD5 it expects as ETag (else 422 and nothing stored).
	 */
	@ApiResponse(responseCode = "201", description = "Stored: its MD5 as ETag")
	@ApiResponse(responseCode = "411", description = "Length Required: neither Content-Length nor chunked")
	@ApiResponse(responseCode = "413", description = "Content Too Large: over lab.http.max-body-size")
	@ApiResponse(responseCode = "422", description = "The body's MD5 is not the ETag sent")
	@PutMapping("/{account}/{container}/{*object}")
	ResponseEntity<Void> put(@PathVariable String account, @PathVariable String container,
			@PathVariable("object") String path, HttpServletRequest request) throws IOException {
		String name = objectName(path);
		if (request.getContentLengthLong() < 0 && !chunked(request)) {
			throw new ObjectStoreException(HttpStatus.LENGTH_REQUIRED, "Length required",
					"an object's body needs a Content-Length or chunked transfer encoding");
		}
		String contentType = Optional.ofNullable(request.getContentType())
			.orElse(MediaType.APPLICATION_OCTET_STREAM_VALUE);
		Optional<String> expected = Optional.ofNullable(request.getHeader(HttpHeaders.ETAG)).map(ObjectController::unquote);
		Observation write = Observation.createNotStarted("object.write", this.observations)
			.contextualName("object write")
			.start();
		StoredObject stored;
		try (Observation.Scope scope = write.openScope()) {
			stored = this.store.put(account, container, name, contentType, request.getInputStream(), expected);
			write.highCardinalityKeyValue("object.bytes", String.valueOf(stored.bytes()));
		}
		catch (RuntimeException ex) {
			write.error(ex);
			throw ex;
		}
		finally {
			write.stop();
		}
		this.bytesWritten.record(stored.bytes());
		return ResponseEntity.status(HttpStatus.CREATED)
			.eTag(stored.etag())
			.lastModified(stored.lastModified())
			.build();
	}

	/**
	 * The object, or the part of it a single Range asks for (206; 416 if it lies past the end), or
	 * 304 when If-None-Match or If-Modified-Since says the client's copy is current. A Range that
	 * cannot be parsed or asks for several parts is ignored: the whole object (RFC 9110 allows it).
	 */
	@ApiResponse(responseCode = "200", description = "The object")
	@ApiResponse(responseCode = "206", description = "The range asked for")
	@ApiResponse(responseCode = "304", description = "Not Modified: If-None-Match or If-Modified-Since")
	@ApiResponse(responseCode = "412", description = "Precondition Failed: If-Match names another ETag")
	@ApiResponse(responseCode = "416", description = "Range Not Satisfiable: it starts past the end")
	@RequestMapping(path = "/{account}/{container}/{*object}", method = { RequestMethod.GET, RequestMethod.HEAD })
	void get(@PathVariable String account, @PathVariable String container, @PathVariable("object") String path,
			HttpServletRequest request, HttpServletResponse response) throws IOException {
		try (ObjectStore.Opened opened = this.store.open(account, container, objectName(path))) {
			StoredObject object = opened.object();
			response.setHeader(HttpHeaders.ETAG, quote(object.etag()));
			response.setDateHeader(HttpHeaders.LAST_MODIFIED, object.lastModified().toEpochMilli());
			response.setHeader(HttpHeaders.ACCEPT_RANGES, "bytes");
			if (!Conditions.ifMatch(request, object)) {
				throw new ObjectStoreException(HttpStatus.PRECONDITION_FAILED, "Object changed",
						"the object's ETag is " + quote(object.etag()) + ", not one that If-Match names");
			}
			if (Conditions.notModified(request, object)) {
				response.setStatus(HttpStatus.NOT_MODIFIED.value());
				return;
			}
			long start = 0;
			long length = object.bytes();
			Optional<HttpRange> range = Conditions.range(request, object);
			if (range.isPresent()) {
				start = range.get().getRangeStart(object.bytes());
				if (object.bytes() == 0 || start >= object.bytes()) {
					response.setHeader(HttpHeaders.CONTENT_RANGE, "bytes */" + object.bytes());
					throw new ObjectStoreException(HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE, "Range not satisfiable",
							"the object has " + object.bytes() + " bytes; the range asks for bytes from " + start);
				}
				length = range.get().getRangeEnd(object.bytes()) - start + 1;
				response.setStatus(HttpStatus.PARTIAL_CONTENT.value());
				response.setHeader(HttpHeaders.CONTENT_RANGE,
						"bytes " + start + "-" + (start + length - 1) + "/" + object.bytes());
			}
			response.setContentType(object.contentType());
			response.setContentLengthLong(length);
			if (request.getMethod().equals("HEAD")) {
				return;
			}
			copy(opened, start, length, response.getOutputStream(), range.isPresent());
		}
	}

	@ApiResponse(responseCode = "204", description = "Deleted")
	@DeleteMapping("/{account}/{container}/{*object}")
	ResponseEntity<Void> delete(@PathVariable String account, @PathVariable String container,
			@PathVariable("object") String path) {
		this.store.delete(account, container, objectName(path));
		return ResponseEntity.noContent().build();
	}

	private void copy(ObjectStore.Opened opened, long start, long length, OutputStream out, boolean partial)
			throws IOException {
		Observation read = Observation.createNotStarted("object.read", this.observations)
			.contextualName("object read")
			.lowCardinalityKeyValue("object.range", String.valueOf(partial))
			.highCardinalityKeyValue("object.bytes", String.valueOf(length));
		read.observeChecked(() -> {
			ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(BUFFER, Math.max(length, 1)));
			long position = start;
			long end = start + length;
			while (position < end) {
				buffer.clear().limit((int) Math.min(buffer.capacity(), end - position));
				int n = opened.channel().read(buffer, position);
				if (n < 0) {
					throw new IOException("object file ends before its length");
				}
				out.write(buffer.array(), 0, n);
				position += n;
			}
		});
		this.bytesRead.record(length);
	}

	/** The rest of the path after the container, without its leading slash. */
	private static String objectName(String path) {
		return Names.object(path.startsWith("/") ? path.substring(1) : path);
	}

	private static boolean chunked(HttpServletRequest request) {
		return Collections.list(request.getHeaders(HttpHeaders.TRANSFER_ENCODING))
			.stream()
			.anyMatch((value) -> value.toLowerCase(java.util.Locale.ROOT).contains("chunked"));
	}

	private static boolean json(String format) {
		return format.equals("json");
	}

	private static ResponseEntity<?> text(List<String> names) {
		if (names.isEmpty()) {
			return ResponseEntity.noContent().build();
		}
		return ResponseEntity.ok().contentType(TEXT).body(String.join("\n", names) + "\n");
	}

	static String quote(String etag) {
		return "\"" + etag + "\"";
	}

	static String unquote(String etag) {
		String tag = etag.strip();
		if (tag.startsWith("W/")) {
			tag = tag.substring(2);
		}
		return (tag.length() >= 2 && tag.startsWith("\"") && tag.endsWith("\"")) ? tag.substring(1, tag.length() - 1)
				: tag;
	}

	record ContainerEntry(String name) {
	}

	/** A listed object, in Swift's JSON names. */
	record ObjectEntry(String name, String hash, long bytes, @JsonProperty("content_type") String contentType,
			@JsonProperty("last_modified") String lastModified) {

		static ObjectEntry of(StoredObject object) {
			return new ObjectEntry(object.name(), object.etag(), object.bytes(), object.contentType(),
					object.lastModified().toString());
		}

	}

}
