package io.latencylab.sort;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import io.micrometer.observation.ObservationRegistry;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * {@code POST /sort?algorithm=…} takes the integers as the study's text format, a JSON array or a
 * multipart upload (field {@code file}) and answers in the same format, or in the one
 * {@code Accept} names. {@code GET /generate?n=…&seed=…} makes the study's input files.
 */
@RestController
class SortController {

	private final SortExecutor executor;

	private final SortProperties properties;

	private final ObservationRegistry observations;

	SortController(SortExecutor executor, SortProperties properties, ObservationRegistry observations) {
		this.executor = executor;
		this.properties = properties;
		this.observations = observations;
	}

	// Form-encoded and untyped bodies are read as text too: that is what `curl --data-binary @file`
	// sends. The algorithm is read from the query string only, so that nothing parses the body as a form.
	@PostMapping(path = "/sort", consumes = { MediaType.TEXT_PLAIN_VALUE, MediaType.APPLICATION_FORM_URLENCODED_VALUE,
			MediaType.APPLICATION_OCTET_STREAM_VALUE })
	void sortText(HttpServletRequest request, HttpServletResponse response) throws Exception {
		SortAlgorithm algorithm = algorithmOf(request);
		sort(algorithm, request.getInputStream(), Format.TEXT, request, response);
	}

	@PostMapping(path = "/sort", consumes = MediaType.APPLICATION_JSON_VALUE)
	void sortJson(HttpServletRequest request, HttpServletResponse response) throws Exception {
		SortAlgorithm algorithm = algorithmOf(request);
		sort(algorithm, request.getInputStream(), Format.JSON, request, response);
	}

	@PostMapping(path = "/sort", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
	void sortFile(@RequestPart("file") MultipartFile file, HttpServletRequest request, HttpServletResponse response)
			throws Exception {
		SortAlgorithm algorithm = algorithmOf(request);
		Format format = MediaType.APPLICATION_JSON_VALUE.equals(file.getContentType()) ? Format.JSON : Format.TEXT;
		try (InputStream in = file.getInputStream()) {
			sort(algorithm, in, format, request, response);
		}
	}

	@GetMapping(path = "/generate", produces = MediaType.TEXT_PLAIN_VALUE)
	void generate(@RequestParam int n, @RequestParam(defaultValue = "1") long seed, HttpServletResponse response)
			throws IOException {
		if (n < 0 || n > this.properties.generatorMaxN()) {
			throw new SortRequestException(HttpStatus.BAD_REQUEST, "Invalid n",
					"n must be between 0 and " + this.properties.generatorMaxN() + " (sort.generator-max-n)", Map.of());
		}
		SplittableRandom random = new SplittableRandom(seed);
		int[] values = new int[n];
		for (int i = 0; i < n; i++) {
			values[i] = random.nextInt(Integer.MAX_VALUE);
		}
		response.setContentType(MediaType.TEXT_PLAIN_VALUE);
		IntegerText.write(values, response.getOutputStream());
	}

	private void sort(SortAlgorithm algorithm, InputStream body, Format requestFormat, HttpServletRequest request,
			HttpServletResponse response) throws Exception {
		Phases phases = new Phases(this.observations, algorithm);
		int maxN = this.properties.maxN(algorithm);
		int[] data = phases.run("parse", () -> requestFormat.read(body, algorithm, maxN));
		this.executor.sort(data, algorithm, phases);
		Format responseFormat = Format.forResponse(request.getHeader("Accept"), requestFormat);
		response.setContentType(responseFormat.mediaType.toString());
		// The write happens after the headers have left: its time is in the sort.write span only.
		OutputStream out = response.getOutputStream();
		phases.run("write", () -> {
			responseFormat.write(data, out);
			return null;
		});
	}

	private SortAlgorithm algorithmOf(HttpServletRequest request) {
		List<String> named = UriComponentsBuilder.newInstance()
			.query(request.getQueryString())
			.build()
			.getQueryParams()
			.get("algorithm");
		String name = (named == null || named.isEmpty()) ? "quick" : named.get(0);
		SortAlgorithm algorithm = SortAlgorithm.find(name);
		if (algorithm == null) {
			throw new SortRequestException(HttpStatus.BAD_REQUEST, "Unknown algorithm",
					"algorithm '" + name + "' is not one of " + SortAlgorithm.names(), Map.of());
		}
		return algorithm;
	}

	enum Format {

		TEXT(MediaType.TEXT_PLAIN) {
			@Override
			int[] read(InputStream in, SortAlgorithm algorithm, int maxN) throws IOException {
				return IntegerText.read(in, algorithm, maxN);
			}

			@Override
			void write(int[] values, OutputStream out) throws IOException {
				IntegerText.write(values, out);
			}
		},

		JSON(MediaType.APPLICATION_JSON) {
			@Override
			int[] read(InputStream in, SortAlgorithm algorithm, int maxN) {
				return IntegerJson.read(in, algorithm, maxN);
			}

			@Override
			void write(int[] values, OutputStream out) {
				IntegerJson.write(values, out);
			}
		};

		final MediaType mediaType;

		Format(MediaType mediaType) {
			this.mediaType = mediaType;
		}

		abstract int[] read(InputStream in, SortAlgorithm algorithm, int maxN) throws IOException;

		abstract void write(int[] values, OutputStream out) throws IOException;

		/** The first of text/plain and application/json that Accept names (by quality); else as the request. */
		static Format forResponse(String accept, Format requestFormat) {
			if (accept == null || accept.isBlank()) {
				return requestFormat;
			}
			List<MediaType> accepted = MediaType.parseMediaTypes(accept);
			accepted.sort(java.util.Comparator.comparingDouble(MediaType::getQualityValue).reversed());
			for (MediaType type : accepted) {
				if (type.isWildcardType() || type.isWildcardSubtype()) {
					return requestFormat;
				}
				for (Format format : values()) {
					if (format.mediaType.equalsTypeAndSubtype(type)) {
						return format;
					}
				}
			}
			return requestFormat;
		}

	}

}
