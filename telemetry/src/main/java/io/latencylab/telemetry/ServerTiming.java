package io.latencylab.telemetry;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.regex.Pattern;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A W3C {@code Server-Timing} header on every HTTP response: {@code total} (request start to the
 * first byte of the answer) and the main phases, one entry per observation that ran on the request
 * thread before the answer was committed (gRPC calls, SOAP phases, database writes), so a client
 * sees the split without a trace backend. This is the one writer of the header: work that runs on
 * other threads adds its phases through {@link #current()}.
 */
public final class ServerTiming {

	static final String HEADER = "Server-Timing";

	private static final ThreadLocal<Phases> CURRENT = new ThreadLocal<>();

	private ServerTiming() {
	}

	/**
	 * The phases of the request this thread serves, for work that it hands to other threads (a
	 * sort on a pool): they add what they time, and it is in the header if it ends before the
	 * answer's first byte. Empty outside a request.
	 */
	public static Optional<Timings> current() {
		return Optional.ofNullable(CURRENT.get());
	}

	/** Where a request's phases are added, from any thread. */
	public interface Timings {

		void add(String name, long nanos);

	}

	/** The phases of one request, in the order they ended. */
	static final class Phases implements Timings {

		private final long start = System.nanoTime();

		private final List<String> entries = new ArrayList<>();

		private boolean written;

		@Override
		public void add(String name, long nanos) {
			add(name, name, nanos);
		}

		synchronized void add(String name, String description, long nanos) {
			if (this.written) {
				return;
			}
			if (this.entries.size() < 20) {
				this.entries.add(token(name) + ";desc=\"" + description.replace("\"", "'") + "\";dur="
						+ millis(nanos));
			}
		}

		private static final Pattern NOT_TOKEN = Pattern.compile("[^A-Za-z0-9!#$%&'*+.^_`|~-]");

		synchronized String header() {
			StringJoiner header = new StringJoiner(", ");
			header.add("total;dur=" + millis(System.nanoTime() - this.start));
			this.entries.forEach(header::add);
			return header.toString();
		}

		/** Milliseconds with three decimals; by hand, as String.format was a share of every request's CPU. */
		static String millis(long nanos) {
			long micros = Math.max(0, Math.round(nanos / 1e3));
			String fraction = Long.toString(1000 + micros % 1000).substring(1);
			return (micros / 1000) + "." + fraction;
		}

		private static String token(String name) {
			return NOT_TOKEN.matcher(name).replaceAll("-");
		}

	}

	/** Times every observation that stops on a request thread. */
	static final class PhaseHandler implements ObservationHandler<Observation.Context> {

		private static final String STARTED = PhaseHandler.class.getName() + ".started";

		@Override
		public void onStart(Observation.Context context) {
			if (CURRENT.get() != null) {
				context.put(STARTED, System.nanoTime());
			}
		}

		@Override
		public void onStop(Observation.Context context) {
			Phases phases = CURRENT.get();
			Long started = context.get(STARTED);
			if (phases != null && started != null && !phases.written) {
				String description = (context.getContextualName() != null) ? context.getContextualName()
						: context.getName();
				phases.add(context.getName(), description, System.nanoTime() - started);
			}
		}

		@Override
		public boolean supportsContext(Observation.Context context) {
			return true;
		}

	}

	/** Sets the header just before the first byte of the body leaves, or at the end if there is none. */
	static final class Filter extends OncePerRequestFilter {

		@Override
		protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
				throws ServletException, IOException {
			Phases phases = new Phases();
			CURRENT.set(phases);
			try {
				chain.doFilter(request, new CommitHook(response, phases));
			}
			finally {
				CURRENT.remove();
				writeHeader(response, phases);
			}
		}

		static void writeHeader(HttpServletResponse response, Phases phases) {
			if (!phases.written && !response.isCommitted()) {
				phases.written = true;
				response.addHeader(HEADER, phases.header());
			}
		}

	}

	private static final class CommitHook extends HttpServletResponseWrapper {

		private final Phases phases;

		private ServletOutputStream out;

		CommitHook(HttpServletResponse response, Phases phases) {
			super(response);
			this.phases = phases;
		}

		private void beforeCommit() {
			Filter.writeHeader((HttpServletResponse) getResponse(), this.phases);
		}

		@Override
		public ServletOutputStream getOutputStream() throws IOException {
			if (this.out == null) {
				ServletOutputStream delegate = super.getOutputStream();
				this.out = new ServletOutputStream() {
					@Override
					public void write(int b) throws IOException {
						beforeCommit();
						delegate.write(b);
					}

					@Override
					public void write(byte[] b, int off, int len) throws IOException {
						beforeCommit();
						delegate.write(b, off, len);
					}

					@Override
					public void flush() throws IOException {
						beforeCommit();
						delegate.flush();
					}

					@Override
					public void close() throws IOException {
						beforeCommit();
						delegate.close();
					}

					@Override
					public boolean isReady() {
						return delegate.isReady();
					}

					@Override
					public void setWriteListener(WriteListener listener) {
						delegate.setWriteListener(listener);
					}
				};
			}
			return this.out;
		}

		@Override
		public java.io.PrintWriter getWriter() throws IOException {
			// Writers end in the output stream on Tomcat, but not necessarily through ours: commit now.
			beforeCommit();
			return super.getWriter();
		}

		@Override
		public void flushBuffer() throws IOException {
			beforeCommit();
			super.flushBuffer();
		}

		@Override
		public void sendError(int sc, String msg) throws IOException {
			beforeCommit();
			super.sendError(sc, msg);
		}

		@Override
		public void sendError(int sc) throws IOException {
			beforeCommit();
			super.sendError(sc);
		}

		@Override
		public void sendRedirect(String location) throws IOException {
			beforeCommit();
			super.sendRedirect(location);
		}

	}

}
