package io.latencylab.observability;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What one request's client would have seen had one part of it taken another time: its trace
 * re-timed, that part scaled or shifted and everything after it moved, so that the request's
 * parts add up again ({@link Decomposition} of the re-timed trace) and its client latency follows.
 * <p>
 * The model, read from the trace alone: a span's time is its own time (the gaps where none of its
 * children ran) and its children's. Children that overlap in time ran concurrently and the span
 * waited for the slowest of them: a group of overlapping children ends when its last child ends,
 * each child kept at its offset from the group's start. Children that do not overlap ran one after
 * another. A changed part moves what follows it; where it shrinks a concurrent child below a
 * sibling, the critical path moves to that sibling, and where it grows one, to it. What a trace
 * cannot say stays as it was: a faster part does not change the load, and so the queueing, that
 * any other part meets.
 */
public final class Projection {

	private Projection() {
	}

	/**
	 * A part's time changed each time it occurs in the requests it is for: scaled by {@code scale},
	 * then shifted by {@code shiftNanos}, never below 0.
	 *
	 * @param part a component as the decomposition names it: {@value Decomposition#FRONT_DOOR},
	 * "network + queueing: frontend-service → …", "catalog-service: catalog.commit"
	 * @param which the requests changed; the others are kept as measured
	 */
	public record Change(String part, double scale, long shiftNanos, Which which) {

		public Change {
			if (!(scale >= 0) || Double.isInfinite(scale)) {
				throw new IllegalArgumentException("a scale is a factor of 0 or more, was " + scale);
			}
			java.util.Objects.requireNonNull(which, "which");
		}

		public static Change scaled(String part, double scale) {
			return new Change(part, scale, 0, Which.ALL);
		}

		public static Change shifted(String part, long nanos) {
			return new Change(part, 1, nanos, Which.ALL);
		}

		/** The same change, for {@code which} requests only. */
		public Change in(Which which) {
			return new Change(this.part, this.scale, this.shiftNanos, which);
		}

		long apply(long nanos) {
			return Math.max(0, Math.round(nanos * this.scale) + this.shiftNanos);
		}

		/** "catalog-service: catalog.commit ×0", "… −50 ms". */
		public String describe() {
			String scaled = (this.scale == 1) ? "" : String.format(Locale.ROOT, " ×%s", number(this.scale));
			String shifted = (this.shiftNanos == 0) ? ""
					: String.format(Locale.ROOT, " %s%s ms", (this.shiftNanos < 0) ? "−" : "+",
							number(Math.abs(this.shiftNanos) / 1e6));
			return this.part + ((scaled + shifted).isEmpty() ? " unchanged" : scaled + shifted) + this.which.describe();
		}

		private static String number(double value) {
			return (value == Math.rint(value)) ? String.valueOf((long) value) : String.format(Locale.ROOT, "%.3g", value);
		}

	}

	/**
	 * Which requests of a group a change is for: all of them; a share of them, chosen at random but
	 * reproducibly (by trace id); or those whose trace says the lab's injection acted in them (the
	 * known answers' delays, taken out again).
	 *
	 * @param share of the group's requests, from 0 (none) to 1 (all)
	 * @param injectedOnly only requests an injection acted in
	 */
	public record Which(double share, boolean injectedOnly) {

		public static final Which ALL = new Which(1, false);

		public static final Which INJECTED = new Which(1, true);

		public Which {
			if (!(share > 0 && share <= 1)) {
				throw new IllegalArgumentException("a share of the requests is more than 0 and at most 1, was " + share);
			}
		}

		public static Which share(double share) {
			return new Which(share, false);
		}

		/** Where a trace id falls in [0, 1): its last 8 hex digits, uniform for random ids; ids not in hex hashed. */
		static double draw(String traceId) {
			String tail = traceId.substring(Math.max(0, traceId.length() - 8));
			long value;
			try {
				value = Long.parseLong(tail, 16);
			}
			catch (NumberFormatException ex) {
				value = Integer.toUnsignedLong(traceId.hashCode());
			}
			return value / (double) (1L << 32);
		}

		/** "", " in 3 % of the requests", " in the injected requests". */
		String describe() {
			if (this.injectedOnly) {
				return " in the requests an injection acted in";
			}
			return (this.share == 1) ? ""
					: String.format(Locale.ROOT, " in %s %% of the requests", Change.number(Math.round(this.share * 10_000) / 100.0));
		}

	}

	/** The request re-timed: what its client would have measured, and its spans as they would have run. */
	public record Projected(long clientNanos, List<Span> trace, Span root) {

		/** Its parts, adding up to {@link #clientNanos()}. */
		public Map<String, Long> parts() {
			return Decomposition.of(this.trace, this.root, this.clientNanos);
		}

	}

	/**
	 * @param trace the spans of one trace
	 * @param root the server span the client's request started
	 * @param clientObservedNanos what the client measured
	 */
	public static Projected of(List<Span> trace, Span root, long clientObservedNanos, Change change) {
		Map<String, List<Span>> children = Decomposition.placedChildren(trace, root);
		heldWhileTheyRun(children);
		long frontDoor = Math.max(0, clientObservedNanos - root.durationNanos());
		// As the decomposition: a root that outlasted the client counts only up to what the client measured.
		long end = root.endNanos() - Decomposition.overrunNanos(root, clientObservedNanos);
		List<Span> retimed = new ArrayList<>();
		long rootEnd = lay(root, root.startNanos(), end, root.startNanos(), children, change, retimed, new HashSet<>());
		long newFrontDoor = change.part().equals(Decomposition.FRONT_DOOR) ? change.apply(frontDoor) : frontDoor;
		return new Projected(newFrontDoor + rootEnd - root.startNanos(), List.copyOf(retimed), retimed.getFirst());
	}

	/**
	 * A leaf client span (a JDBC connection: a client span without a traced callee) is held while
	 * the work of its service that starts inside it runs, even where that work ends a little after
	 * it (a commit span closing after the connection's span did): such a sibling goes under it, and
	 * the leaf's span is taken to last until the sibling's end. Not concurrent work: a shorter commit
	 * gives the connection back sooner.
	 */
	private static void heldWhileTheyRun(Map<String, List<Span>> children) {
		for (String parent : List.copyOf(children.keySet())) {
			List<Span> siblings = children.get(parent);
			List<Span> leaves = siblings.stream()
				.filter((s) -> s.kind() == Span.CLIENT
						&& !Decomposition.hasTracedCallee(s, children.getOrDefault(s.spanId(), List.of())))
				.toList();
			for (Span leaf : leaves) {
				int at = siblings.indexOf(leaf);
				List<Span> held = siblings.stream()
					.filter((work) -> work != leaf && work.service().equals(leaf.service())
							&& leaf.startNanos() <= work.startNanos() && work.startNanos() < leaf.endNanos()
							&& leaf.endNanos() < work.endNanos())
					.toList();
				if (at < 0 || held.isEmpty()) {
					continue;
				}
				long end = held.stream().mapToLong(Span::endNanos).max().orElseThrow();
				siblings.set(at, new Span(leaf.service(), leaf.traceId(), leaf.spanId(), leaf.parentSpanId(), leaf.name(),
						leaf.kind(), leaf.startNanos(), end, leaf.error(), leaf.attributes()));
				siblings.removeAll(held);
				children.computeIfAbsent(leaf.spanId(), (id) -> new ArrayList<>()).addAll(held);
			}
		}
	}

	/**
	 * Lays out {@code span}'s time from {@code from} to {@code to} anew from {@code start}, its
	 * children recursively, into {@code out} (the span first); returns where it now ends.
	 */
	private static long lay(Span span, long from, long to, long start, Map<String, List<Span>> children, Change change,
			List<Span> out, Set<String> seen) {
		if (!seen.add(span.spanId())) {
			return start; // a span listed as its own ancestor: laid out once
		}
		int at = out.size();
		out.add(span);
		List<Span> direct = children.getOrDefault(span.spanId(), List.of());
		List<long[]> kids = new ArrayList<>();
		List<Span> kidSpans = new ArrayList<>();
		for (Span kid : direct) {
			long kidFrom = Math.max(kid.startNanos(), from);
			long kidTo = Math.min(kid.endNanos(), to);
			if (kidTo > kidFrom) {
				kids.add(new long[] { kidFrom, kidTo, kidSpans.size() });
				kidSpans.add(kid);
			}
		}
		kids.sort(Comparator.comparingLong((long[] k) -> k[0]));
		// Groups of children that overlap in time: [first, end) indexes into kids, and the group's span of time.
		List<long[]> groups = new ArrayList<>();
		for (int i = 0; i < kids.size(); i++) {
			long[] last = groups.isEmpty() ? null : groups.getLast();
			if (last != null && kids.get(i)[0] < last[3]) {
				last[1] = i + 1;
				last[3] = Math.max(last[3], kids.get(i)[1]);
			}
			else {
				groups.add(new long[] { i, i + 1, kids.get(i)[0], kids.get(i)[1] });
			}
		}
		long[] gaps = new long[groups.size() + 1];
		long previous = from;
		for (int g = 0; g < groups.size(); g++) {
			gaps[g] = groups.get(g)[2] - previous;
			previous = groups.get(g)[3];
		}
		gaps[groups.size()] = to - previous;
		long[] newGaps = changedSelf(gaps, Decomposition.component(span, direct).equals(change.part()) ? change : null);
		long cursor = start;
		for (int g = 0; g < groups.size(); g++) {
			cursor += newGaps[g];
			long[] group = groups.get(g);
			long groupEnd = cursor;
			for (int i = (int) group[0]; i < group[1]; i++) {
				long[] kid = kids.get(i);
				groupEnd = Math.max(groupEnd, lay(kidSpans.get((int) kid[2]), kid[0], kid[1], cursor + kid[0] - group[2],
						children, change, out, seen));
			}
			cursor = groupEnd;
		}
		cursor += newGaps[groups.size()];
		out.set(at, new Span(span.service(), span.traceId(), span.spanId(), span.parentSpanId(), span.name(), span.kind(), start,
				cursor, span.error(), span.attributes()));
		return cursor;
	}

	/**
	 * The span's own time, its gaps, changed as a whole and shared out in proportion (rounded so that
	 * they add up to the changed whole); an own time of none that a shift adds to goes at its end.
	 */
	private static long[] changedSelf(long[] gaps, Change change) {
		if (change == null) {
			return gaps;
		}
		long self = 0;
		for (long gap : gaps) {
			self += gap;
		}
		long changed = change.apply(self);
		long[] result = new long[gaps.length];
		if (self == 0) {
			result[gaps.length - 1] = changed;
			return result;
		}
		long before = 0;
		long cumulative = 0;
		for (int i = 0; i < gaps.length; i++) {
			cumulative += gaps[i];
			long now = Math.round((double) cumulative * changed / self);
			result[i] = now - before;
			before = now;
		}
		return result;
	}

}
