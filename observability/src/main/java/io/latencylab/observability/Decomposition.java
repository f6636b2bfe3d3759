package io.latencylab.observability;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits the latency a client saw into the parts that explain it, so that the parts add up to
 * exactly what the client measured.
 * <p>
 * The method: the client-observed time is the root server span plus the <b>front door</b> (time
 * before the server's first span started and after it ended: accept queues, thread pools, the
 * network to the first service). Inside the root, the time is walked along the <b>critical
 * path</b>: from the span's end backwards, the child that finished last before the cursor
 * is followed; gaps where no child ran are the span's own <b>self time</b>. Concurrent children
 * are handled by following only the one that kept the parent waiting; sequential children are
 * each followed in turn. A client span's time that its remote server span does not cover is the
 * hop's <b>network and queueing</b> (a client span's self time). Every nanosecond of the root is
 * attributed to exactly one component.
 * <p>
 * One repair comes first: JDBC instrumentation opens the connection, its queries and result sets
 * as siblings, though the queries run inside the connection. A span that lies in time inside a
 * sibling <b>leaf client span</b> of the same service (a client span without a traced callee,
 * such as a JDBC connection) is treated as that sibling's child; otherwise the walk would take
 * the queries for concurrent work and never reach them.
 */
public final class Decomposition {

	/** Component name for the time outside the root server span. */
	public static final String FRONT_DOOR = "front door";

	/**
	 * The root server span's attribute (set by the telemetry module on Tomcat): nanoseconds from the
	 * server's reading the request to the span's start.
	 */
	public static final String READ_ATTRIBUTE = "lab.server.read.ns";

	/**
	 * The attribute of the span an injected delay or failure sat in (set by the telemetry module's
	 * LatencyInjector): the point and what was done there, {@code order-before-catalog 200ms}.
	 */
	public static final String INJECTED_ATTRIBUTE = "lab.injected";

	/** Whether a span of the trace says an injection acted in it. */
	public static boolean injected(List<Span> trace) {
		return trace.stream().anyMatch((span) -> span.attribute(INJECTED_ATTRIBUTE) != null);
	}

	/**
	 * Of the front door, the part after the server read the request and before its root span
	 * started: the root's {@link #READ_ATTRIBUTE}, at most the whole front door; -1 where the server
	 * did not say (not Tomcat, or spans from before it was kept).
	 */
	public static long readBeforeRootNanos(Span root, long clientObservedNanos) {
		String read = root.attribute(READ_ATTRIBUTE);
		if (read == null || clientObservedNanos < 0) {
			return -1;
		}
		try {
			return Math.min(Long.parseLong(read), Math.max(0, clientObservedNanos - root.durationNanos()));
		}
		catch (NumberFormatException ex) {
			return -1;
		}
	}

	private Decomposition() {
	}

	/**
	 * The method in words, for every report and the docs: its one source is
	 * decomposition-method.md beside this class.
	 */
	public static String method(int tracesPerGroup, int tracesPerBand) {
		try (InputStream in = Decomposition.class.getResourceAsStream("decomposition-method.md")) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip().formatted(tracesPerGroup, tracesPerBand);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * @param trace the spans of one trace
	 * @param root the server span the client's request started
	 * @param clientObservedNanos what the client measured; negative to leave the front door out
	 * @return nanoseconds per component, in the order first met; with a client time, they add up
	 * to it exactly
	 */
	public static Map<String, Long> of(List<Span> trace, Span root, long clientObservedNanos) {
		Map<String, List<Span>> children = placedChildren(trace, root);
		Map<String, Long> components = new LinkedHashMap<>();
		long end = root.endNanos();
		if (clientObservedNanos >= 0) {
			components.put(FRONT_DOOR, Math.max(0, clientObservedNanos - root.durationNanos()));
			// A root that outlasted the client ran on after the answer had reached it: only its
			// first clientObservedNanos can be in what the client waited for (see overrunNanos).
			end -= overrunNanos(root, clientObservedNanos);
		}
		walk(root, root.startNanos(), end, children, components);
		return components;
	}

	/**
	 * The trace as the walk sees it: span id → its children, JDBC spans nested inside their
	 * connection and every remote callee placed by durations (see below).
	 */
	static Map<String, List<Span>> placedChildren(List<Span> trace, Span root) {
		Map<String, List<Span>> children = new LinkedHashMap<>();
		for (Span span : trace) {
			children.computeIfAbsent(span.parentSpanId(), (id) -> new ArrayList<>()).add(span);
		}
		nestInsideLeafClients(children);
		return placeRemoteCallees(root, children);
	}

	/** The root server span of the request sent as {@code sentSpanId}: the span whose parent it is; null if not in the trace. */
	public static Span root(List<Span> trace, String sentSpanId) {
		return (trace == null) ? null
				: trace.stream().filter((s) -> s.parentSpanId().equals(sentSpanId)).findFirst().orElse(null);
	}

	/**
	 * How long the root server span outlasted what the client measured: time the server spent
	 * after the client had its whole answer (closing the span, the filters unwinding, a thread
	 * descheduled), which no part of the client's latency can be. 0 when it did not.
	 */
	public static long overrunNanos(Span root, long clientObservedNanos) {
		return (clientObservedNanos < 0) ? 0 : Math.max(0, root.durationNanos() - clientObservedNanos);
	}

	/**
	 * Every remote callee (a server span of another service under a client span) placed by
	 * durations, not by its own clock: centred inside its client span, its whole subtree moved with
	 * it. Hosts' clocks disagree by more than a hop takes, so a callee's timestamps may put it partly
	 * outside its caller; by durations, the hop's network and queueing is the client span's time
	 * less the server span's, half before and half after, whatever the clocks say.
	 */
	private static Map<String, List<Span>> placeRemoteCallees(Span root, Map<String, List<Span>> children) {
		Map<String, List<Span>> placed = new LinkedHashMap<>();
		place(root, 0, children, placed, new java.util.HashSet<>());
		return placed;
	}

	private static void place(Span parent, long offset, Map<String, List<Span>> children, Map<String, List<Span>> placed,
			java.util.Set<String> seen) {
		if (!seen.add(parent.spanId())) {
			return; // a span listed as its own ancestor: walked once
		}
		for (Span child : children.getOrDefault(parent.spanId(), List.of())) {
			long childOffset = offset;
			if (parent.kind() == Span.CLIENT && child.kind() == Span.SERVER && !child.service().equals(parent.service())) {
				long gap = Math.max(0, parent.durationNanos() - child.durationNanos());
				childOffset = parent.startNanos() + gap / 2 - child.startNanos();
			}
			Span moved = shifted(child, childOffset);
			placed.computeIfAbsent(parent.spanId(), (id) -> new ArrayList<>()).add(moved);
			place(moved, childOffset, children, placed, seen);
		}
	}

	private static Span shifted(Span span, long nanos) {
		return (nanos == 0) ? span : new Span(span.service(), span.traceId(), span.spanId(), span.parentSpanId(), span.name(),
				span.kind(), span.startNanos() + nanos, span.endNanos() + nanos, span.error(), span.attributes());
	}

	/** Moves each span that lies inside a sibling leaf client span of its service under the innermost one. */
	private static void nestInsideLeafClients(Map<String, List<Span>> children) {
		for (List<Span> siblings : new ArrayList<>(children.values())) {
			List<Span> leafClients = siblings.stream()
				.filter((s) -> s.kind() == Span.CLIENT && !hasTracedCallee(s, children.getOrDefault(s.spanId(), List.of())))
				.toList();
			if (leafClients.isEmpty()) {
				continue;
			}
			for (Span span : new ArrayList<>(siblings)) {
				leafClients.stream()
					.filter((c) -> c != span && c.service().equals(span.service()) && c.startNanos() <= span.startNanos()
							&& span.endNanos() <= c.endNanos() && c.durationNanos() > span.durationNanos())
					.min(Comparator.comparingLong(Span::durationNanos))
					.ifPresent((container) -> {
						siblings.remove(span);
						children.computeIfAbsent(container.spanId(), (id) -> new ArrayList<>()).add(span);
					});
			}
		}
	}

	static boolean hasTracedCallee(Span span, List<Span> children) {
		return children.stream().anyMatch((child) -> child.kind() == Span.SERVER && !child.service().equals(span.service()));
	}

	/**
	 * The name a span's own time is reported under. A client span whose callee is traced (a
	 * server span of another service under it) keeps, as its own time, the hop's network and
	 * queueing; a client span without one (a JDBC call) keeps the time of the call itself.
	 */
	public static String component(Span span, List<Span> children) {
		boolean tracedCallee = span.kind() == Span.CLIENT && hasTracedCallee(span, children);
		return tracedCallee ? "network + queueing: " + span.service() + " → " + span.name()
				: span.service() + ": " + span.name();
	}

	private static void walk(Span span, long from, long to, Map<String, List<Span>> children,
			Map<String, Long> components) {
		List<Span> direct = children.getOrDefault(span.spanId(), List.of());
		List<Span> kids = new ArrayList<>(direct);
		kids.sort(Comparator.comparingLong(Span::endNanos).reversed());
		long cursor = to;
		long self = 0;
		while (cursor > from) {
			Span next = null;
			for (Span kid : kids) {
				if (kid.endNanos() <= cursor && kid.endNanos() > from && kid.startNanos() < cursor) {
					next = kid;
					break;
				}
				if (kid.startNanos() < cursor && kid.endNanos() > cursor) {
					// A child still running at the cursor (it outlived its parent, or overlaps the
					// one just followed): it covers this instant.
					next = kid;
					break;
				}
			}
			if (next == null) {
				self += cursor - from;
				break;
			}
			long childEnd = Math.min(next.endNanos(), cursor);
			self += cursor - childEnd;
			long childStart = Math.max(next.startNanos(), from);
			walk(next, childStart, childEnd, children, components);
			cursor = childStart;
			kids.remove(next);
		}
		components.merge(component(span, direct), self, Long::sum);
	}

}
