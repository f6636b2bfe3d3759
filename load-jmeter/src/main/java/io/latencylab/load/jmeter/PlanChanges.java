package io.latencylab.load.jmeter;

import java.util.ArrayList;
import java.util.List;

import org.apache.jmeter.protocol.http.control.Header;
import org.apache.jmeter.protocol.http.control.HeaderManager;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;

/**
 * What the lab changes in a plan before it runs it, each change said in a line the report shows.
 * <p>
 * One change only: a header row with an empty name is dropped. JMeter's HTTP Header Manager keeps
 * such a row (an empty line left in the table) and sends it as a header line ": " on every
 * request. RFC 9110 (5.1) makes a field name a token of one character or more, and RFC 9112 (2.2)
 * has a server answer 400 to a message that does not parse; Tomcat 9 ignored the line
 * (rejectIllegalHeader was false by default), Tomcat 10.1 and 11 refuse the request with 400 and
 * have no switch to ignore it. Dropping the row sends what the plan's author meant: nothing.
 */
final class PlanChanges {

	private PlanChanges() {
	}

	/** Drops every header row with an empty name; returns one line per Header Manager changed. */
	static List<String> dropEmptyHeaderNames(HashTree plan) {
		SearchByClass<HeaderManager> search = new SearchByClass<>(HeaderManager.class);
		plan.traverse(search);
		List<String> changes = new ArrayList<>();
		for (HeaderManager manager : search.getSearchResults()) {
			int dropped = 0;
			for (int i = manager.size() - 1; i >= 0; i--) {
				Header header = manager.getHeader(i);
				if (header.getName() == null || header.getName().isBlank()) {
					manager.remove(i);
					dropped++;
				}
			}
			if (dropped > 0) {
				changes.add(String.format(java.util.Locale.ROOT,
						"dropped %d header row%s with an empty name from \"%s\" (RFC 9110 5.1: a field name is a "
								+ "token; Tomcat 11 answers such a request 400, Tomcat 9 ignored the line)",
						dropped, (dropped == 1) ? "" : "s", manager.getName()));
			}
		}
		return changes;
	}

}
