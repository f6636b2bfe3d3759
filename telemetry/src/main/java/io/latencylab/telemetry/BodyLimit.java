package io.latencylab.telemetry;

import java.io.IOException;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The one limit on request bodies, for every HTTP service: lab.http.max-body-size (each service
 * sets its own in its application.yaml; 1 MB unless it does). A body that declares a larger
 * Content-Length is refused with 413 before anything reads it, and the connection is closed so
 * that the rest is never read either; a body without a length (chunked) is cut off where it
 * passes the limit, the read throwing {@link TooLarge}, which each service answers with a 413 in
 * its own error shape. Multipart uploads are held to the same figure (telemetry-defaults.yaml).
 */
public final class BodyLimit {

	public static final String PROPERTY = "lab.http.max-body-size";

	private static final String EXCEEDED = BodyLimit.class.getName() + ".exceeded";

	private BodyLimit() {
	}

	/** Thrown by a read that passes the limit. */
	public static final class TooLarge extends RuntimeException {

		private final long limit;

		public TooLarge(long limit) {
			super("the request body exceeds " + limit + " bytes (" + PROPERTY + ")");
			this.limit = limit;
		}

		public long limit() {
			return this.limit;
		}

	}

	/**
	 * Whether a read of this request's body passed the limit: for code whose libraries catch the
	 * read's exception and throw one of their own without it (SAAJ does).
	 */
	public static Optional<TooLarge> exceeded(HttpServletRequest request) {
		return (request.getAttribute(EXCEEDED) instanceof TooLarge refused) ? Optional.of(refused) : Optional.empty();
	}

	/** The 413 of a problem+json service, for its exception handler. */
	public static ResponseEntity<ProblemDetail> problem(TooLarge ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONTENT_TOO_LARGE, ex.getMessage());
		problem.setTitle("Payload Too Large");
		problem.setProperty("limit", ex.limit());
		return ResponseEntity.status(problem.getStatus())
			.header("Connection", "close")
			.body(problem);
	}

	/** How a service answers a body it refuses before reading it: in its own error shape. */
	@FunctionalInterface
	public interface Refusal {

		/** problem+json, the error shape of most services here. */
		Refusal PROBLEM = (request, response, refused) -> {
			response.setContentType("application/problem+json");
			response.getWriter()
				.write("{\"type\":\"about:blank\",\"title\":\"Payload Too Large\",\"status\":413,\"detail\":\""
						+ refused.getMessage() + "\",\"limit\":" + refused.limit() + "}");
		};

		/** Writes the body of the 413 whose status is already set. */
		void write(HttpServletRequest request, HttpServletResponse response, TooLarge refused) throws IOException;

	}

	static final class Filter extends OncePerRequestFilter {

		private final long limit;

		private final Refusal refusal;

		Filter(long limit, Refusal refusal) {
			this.limit = limit;
			this.refusal = refusal;
		}

		@Override
		protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
				throws ServletException, IOException {
			if (request.getContentLengthLong() > this.limit) {
				response.setStatus(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE);
				response.setHeader("Connection", "close");
				this.refusal.write(request, response, new TooLarge(this.limit));
				return;
			}
			chain.doFilter(new Limited(request, this.limit), response);
		}

	}

	/** A request whose body stream stops at the limit. */
	private static final class Limited extends HttpServletRequestWrapper {

		private final long limit;

		private ServletInputStream in;

		Limited(HttpServletRequest request, long limit) {
			super(request);
			this.limit = limit;
		}

		@Override
		public ServletInputStream getInputStream() throws IOException {
			if (this.in == null) {
				ServletInputStream delegate = super.getInputStream();
				this.in = new ServletInputStream() {

					private long read;

					@Override
					public int read() throws IOException {
						int b = delegate.read();
						count((b == -1) ? 0 : 1);
						return b;
					}

					@Override
					public int read(byte[] buffer, int offset, int length) throws IOException {
						int n = delegate.read(buffer, offset, length);
						count(Math.max(n, 0));
						return n;
					}

					private void count(int n) {
						this.read += n;
						if (this.read > Limited.this.limit) {
							TooLarge refused = new TooLarge(Limited.this.limit);
							setAttribute(EXCEEDED, refused);
							throw refused;
						}
					}

					@Override
					public boolean isFinished() {
						return delegate.isFinished();
					}

					@Override
					public boolean isReady() {
						return delegate.isReady();
					}

					@Override
					public void setReadListener(ReadListener listener) {
						delegate.setReadListener(listener);
					}

				};
			}
			return this.in;
		}

	}

}
