package io.latencylab.observability;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One real request laid out on the client's time axis, for a waterfall: what the client
 * measured on top, then the front door, then every span of its trace where the decomposition puts
 * it (remote callees centred in their client spans, see {@link Decomposition}).
 *
 * @param traceId the trace drawn, to find it again (in Jaeger, or the step's spans.jsonl)
 * @param bars in the trace's order: the client, then each span after its parent
 * @param spansLeftOut spans beyond {@link #MOST_BARS}, not drawn
 */
public record Anatomy(String traceId, String band, long clientNanos, long frontDoorNanos, List<Bar> bars,
		int spansLeftOut) {

	/** Bars drawn at most: a waterfall of hundreds of spans reads as none. */
	public static final int MOST_BARS = 40;

	/** What a bar shows. */
	public enum Kind {

		CLIENT, FRONT_DOOR, SPAN, HOP

	}

	/** One bar, from {@code startNanos} to {@code endNanos} after the client set out. */
	public record Bar(String label, Kind kind, String service, long startNanos, long endNanos) {

		public double startMs() {
			return this.startNanos / 1e6;
		}

		public double endMs() {
			return this.endNanos / 1e6;
		}

	}

	public double clientMs() {
		return this.clientNanos / 1e6;
	}

	/** The request whose root span is {@code root}, which its client saw take {@code clientNanos}. */
	public static Anatomy of(String band, List<Span> trace, Span root, long clientNanos) {
		Map<String, List<Span>> children = Decomposition.placedChildren(trace, root);
		long frontDoor = Math.max(0, clientNanos - root.durationNanos());
		long read = Decomposition.readBeforeRootNanos(root, clientNanos);
		// Half each side, the server's own reading (where it said) always before the root span.
		long before = Math.max(frontDoor / 2, read);
		List<Bar> bars = new ArrayList<>();
		bars.add(new Bar("client (what the load generator measured)", Kind.CLIENT, "", 0, clientNanos));
		if (frontDoor > 0) {
			bars.add(new Bar("front door (its split in and out unknown: half drawn each side)", Kind.FRONT_DOOR, "", 0, before));
			if (read >= 0) {
				bars.add(new Bar("of it, the server reading the request before the root span", Kind.FRONT_DOOR, "",
						before - read, before));
			}
			bars.add(new Bar("front door", Kind.FRONT_DOOR, "", before + root.durationNanos(), clientNanos));
		}
		int[] leftOut = { 0 };
		add(root, root.startNanos() - before, children, bars, leftOut, new HashSet<>());
		return new Anatomy(root.traceId(), band, clientNanos, frontDoor, List.copyOf(bars), leftOut[0]);
	}

	private static void add(Span span, long origin, Map<String, List<Span>> children, List<Bar> bars, int[] leftOut,
			Set<String> seen) {
		if (!seen.add(span.spanId())) {
			return;
		}
		List<Span> kids = new ArrayList<>(children.getOrDefault(span.spanId(), List.of()));
		if (bars.size() >= MOST_BARS) {
			leftOut[0]++;
		}
		else {
			boolean hop = span.kind() == Span.CLIENT && Decomposition.hasTracedCallee(span, kids);
			bars.add(new Bar(hop ? span.service() + " → " + span.name() : Decomposition.component(span, kids),
					hop ? Kind.HOP : Kind.SPAN, span.service(), span.startNanos() - origin, span.endNanos() - origin));
		}
		kids.sort(Comparator.comparingLong(Span::startNanos));
		for (Span kid : kids) {
			add(kid, origin, children, bars, leftOut, seen);
		}
	}

}
