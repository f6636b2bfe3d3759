package io.latencylab.it;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

import io.latencylab.observability.OtlpJsonTraces;
import io.latencylab.observability.Span;
import io.latencylab.plan.Services;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The telemetry contract, bare, on the services as a user runs their jars anywhere
 * ({@link JarsElsewhere}: each jar copied to an empty folder, its ports by environment only, every
 * other setting its embedded default, the file exporter's folder too): every one starts and answers
 * on the port its environment gave it; one request of each kind sent with a W3C traceparent, then a
 * clean stop (which must flush every span), then the OTLP JSON lines are read back from each
 * service's own folder and each request's trace is checked edge by edge. One start of every service
 * for both claims (each was a start of its own, a minute or more on two cores).
 */
class TelemetryContractIT {

	private static final HttpClient http = HttpClient.newHttpClient();

	private static List<Span> spans;

	/** Each service's log and the port its environment gave it, kept after the stop. */
	private static final Map<Services.Service, String> logs = new LinkedHashMap<>();

	private static final Map<Services.Service, String> ports = new LinkedHashMap<>();

	private static Sent soapGetMeal;

	private static Sent restGetMeal;

	private static Sent toyQuery;

	private static Sent toyBuy;

	private static Sent sort;

	/** The trace context a request was sent with. */
	record Sent(String traceId, String parentSpanId, int status) {
	}

	@BeforeAll
	static void startEveryJarElsewhereSendOneRequestOfEachKindAndCollectTheSpans() throws Exception {
		JarsElsewhere lab = JarsElsewhere.start(ComponentMedians.ROOT, Files.createTempDirectory("jars-anywhere"));
		try (lab) {
			soapGetMeal = send(lab, "meals-soap", "/ws", "text/xml",
					"<e:Envelope xmlns:e=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:m=\"http://foodmenu.io/gt/webservice\">"
							+ "<e:Body><m:getMealRequest><m:name>Steak</m:name></m:getMealRequest></e:Body></e:Envelope>");
			restGetMeal = send(lab, "meals-rest", "/rest/meals/5268203c-de76-4921-a3e3-439db69c462a", null, null);
			toyQuery = send(lab, "frontend-service", "/products/Tux", null, null);
			toyBuy = send(lab, "frontend-service", "/orders", "application/json", "{\"name\":\"Tux\",\"quantity\":1}");
			sort = send(lab, "sort-service", "/sort?algorithm=quick", "text/plain", "3 1 2");
		}
		// close() stopped every service gracefully: their last spans must be on disk now.
		List<Span> read = new ArrayList<>();
		for (Path dir : lab.tracesDirs()) {
			if (Files.isDirectory(dir)) {
				read.addAll(OtlpJsonTraces.readDirectory(dir));
			}
		}
		spans = read;
		for (Services.Service service : lab.services()) {
			logs.put(service, lab.log(service));
			ports.put(service, lab.port(service));
		}
	}

	@Test
	void everyServiceJarStartsFromAnEmptyFolderOnTheEnvironmentAlone() {
		assertThat(logs.keySet()).extracting(Services.Service::name)
			.containsExactlyInAnyOrder("meals-soap", "meals-rest", "sort-service", "table-service", "object-store",
					"catalog-service", "order-service", "frontend-service");
		// Each became ready (the start waited for it) on the port its environment gave it.
		logs.forEach((service, log) -> assertThat(log).as(service.name()).contains("Tomcat started on port " + ports.get(service)));
	}

	private static Sent send(JarsElsewhere lab, String service, String path, String contentType, String body)
			throws Exception {
		String traceId = HexFormat.of().formatHex(randomBytes(16));
		String parentSpanId = HexFormat.of().formatHex(randomBytes(8));
		HttpRequest.Builder request = HttpRequest.newBuilder(lab.uri(service, path))
			.header("traceparent", "00-" + traceId + "-" + parentSpanId + "-01")
			.header("baggage", "lab.run.id=telemetry-contract");
		if (body != null) {
			request.header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString(body));
		}
		int status = http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
		return new Sent(traceId, parentSpanId, status);
	}

	private static byte[] randomBytes(int n) {
		byte[] bytes = new byte[n];
		ThreadLocalRandom.current().nextBytes(bytes);
		return bytes;
	}

	private static List<Span> trace(Sent sent) {
		assertThat(sent.status()).isEqualTo(200);
		return spans.stream().filter((span) -> span.traceId().equals(sent.traceId())).toList();
	}

	/** The one span of the trace that the sent traceparent is the parent of: the server's root. */
	private static Span root(List<Span> trace, Sent sent, String service, String name) {
		List<Span> roots = trace.stream().filter((span) -> span.parentSpanId().equals(sent.parentSpanId())).toList();
		assertThat(roots).as("spans whose parent is the traceparent sent").singleElement()
			.satisfies((root) -> {
				assertThat(root.service()).isEqualTo(service);
				assertThat(root.kind()).isEqualTo(Span.SERVER);
				assertThat(root.name()).isEqualTo(name);
			});
		return roots.get(0);
	}

	private static Span child(List<Span> trace, Span parent, String service, int kind, String name) {
		Optional<Span> child = trace.stream()
			.filter((span) -> span.parentSpanId().equals(parent.spanId()) && span.service().equals(service)
					&& span.kind() == kind && span.name().equals(name))
			.findFirst();
		assertThat(child).as("%s span '%s' (kind %d) under %s '%s'; the trace: %s", service, name, kind,
				parent.service(), parent.name(), trace)
			.isPresent();
		return child.get();
	}

	private static List<Span> descendants(List<Span> trace, Span ancestor) {
		List<Span> found = new java.util.ArrayList<>();
		for (Span span : trace) {
			if (span.parentSpanId().equals(ancestor.spanId())) {
				found.add(span);
				found.addAll(descendants(trace, span));
			}
		}
		return found;
	}

	@Test
	void aBuyIsOneTraceFromTheFrontendThroughOrderAndCatalogToTheDatabase() {
		List<Span> trace = trace(toyBuy);
		Span server = root(trace, toyBuy, "frontend-service", "http post /orders");
		Span toOrders = child(trace, server, "frontend-service", Span.CLIENT, "latencylab.toystore.v1.Orders/Buy");
		Span orders = child(trace, toOrders, "order-service", Span.SERVER, "latencylab.toystore.v1.Orders/Buy");
		Span toCatalog = child(trace, orders, "order-service", Span.CLIENT, "latencylab.toystore.v1.Catalog/Buy");
		Span catalog = child(trace, toCatalog, "catalog-service", Span.SERVER, "latencylab.toystore.v1.Catalog/Buy");
		assertThat(descendants(trace, catalog)).as("catalog's JDBC spans")
			.anySatisfy((span) -> assertThat(span.attribute("jdbc.query[0]")).startsWith("update toy set quantity"))
			.anySatisfy((span) -> assertThat(span.name()).isEqualTo("catalog.commit"));
		// A first buy's statements: take, read the toy, record the purchase; a replay is found by its key.
		assertThat(descendants(trace, catalog).stream().map((span) -> span.attribute("jdbc.query[0]")))
			.as("the catalog's statements in a first buy")
			.filteredOn(Objects::nonNull)
			.hasSize(3)
			.noneSatisfy((query) -> assertThat(query).startsWith("select toy_name from toy_purchase"));
		assertThat(descendants(trace, orders)).as("order's pending write, the one its answer waits for")
			.anySatisfy((span) -> assertThat(span.name()).isEqualTo("order.pending.write"))
			.noneSatisfy((span) -> assertThat(span.name()).isEqualTo("order.complete.write"));
		// Marked completed after the answer, in a trace of its own that names the order.
		Span complete = spans.stream()
			.filter((span) -> span.name().equals("order.complete.write"))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no order.complete.write span"));
		assertThat(complete.traceId()).isNotEqualTo(toyBuy.traceId());
		assertThat(complete.parentSpanId()).as("a root").isEmpty();
		assertThat(complete.attribute("order.number")).as("its order's number").matches("[0-9]+");
		assertThat(descendants(spans.stream().filter((span) -> span.traceId().equals(complete.traceId())).toList(), complete))
			.as("its statement")
			.anySatisfy((span) -> assertThat(span.attribute("jdbc.query[0]")).startsWith("update toy_order set status = 'COMPLETED'"));
		for (Span span : List.of(server, orders, catalog)) {
			assertThat(span.attribute("lab.run.id")).as("run id on %s", span.name()).isEqualTo("telemetry-contract");
		}
	}

	@Test
	void aQueryGoesFromTheFrontendToTheCatalogAndItsDatabase() {
		List<Span> trace = trace(toyQuery);
		Span server = root(trace, toyQuery, "frontend-service", "http get /products/{name}");
		Span toCatalog = child(trace, server, "frontend-service", Span.CLIENT, "latencylab.toystore.v1.Catalog/Query");
		Span catalog = child(trace, toCatalog, "catalog-service", Span.SERVER, "latencylab.toystore.v1.Catalog/Query");
		assertThat(descendants(trace, catalog)).anySatisfy(
				(span) -> assertThat(span.attribute("jdbc.query[0]")).startsWith("select name, price_cents, quantity"));
	}

	@Test
	void aSoapCallHasValidateUnmarshalEndpointAndMarshalSpans() {
		List<Span> trace = trace(soapGetMeal);
		Span server = root(trace, soapGetMeal, "meals-soap", "http post /ws");
		assertThat(server.attribute("uri")).isEqualTo("/ws");
		child(trace, server, "meals-soap", Span.INTERNAL, "soap.validate");
		child(trace, server, "meals-soap", Span.INTERNAL, "soap.unmarshal");
		Span endpoint = child(trace, server, "meals-soap", Span.INTERNAL, "soap getMeal");
		assertThat(endpoint.attribute("soap.operation")).isEqualTo("getMeal");
		child(trace, server, "meals-soap", Span.INTERNAL, "soap.marshal");
	}

	@Test
	void aRestGetIsAServerSpanWithItsRoute() {
		List<Span> trace = trace(restGetMeal);
		Span server = root(trace, restGetMeal, "meals-rest", "http get /rest/meals/{id}");
		assertThat(server.attribute("uri")).isEqualTo("/rest/meals/{id}");
		// When Tomcat read the request, for the front door's split: nanoseconds before the span, under a second.
		assertThat(Long.parseLong(server.attribute("lab.server.read.ns"))).isBetween(0L, 1_000_000_000L);
	}

	@Test
	void aSortHasParseQueueSortAndWriteSpans() {
		List<Span> trace = trace(sort);
		Span server = root(trace, sort, "sort-service", "http post /sort");
		for (String phase : List.of("sort.parse", "sort.queue", "sort.sort", "sort.write")) {
			assertThat(child(trace, server, "sort-service", Span.INTERNAL, phase).attribute("algorithm")).isEqualTo("quick");
		}
	}

	@Test
	void everySpanOfEachRequestReachesTheSentParentThroughItsParents() {
		for (Sent sent : List.of(soapGetMeal, restGetMeal, toyQuery, toyBuy, sort)) {
			List<Span> trace = trace(sent);
			assertThat(trace).as("spans of the trace id sent").isNotEmpty();
			// Every span reaches the sent parent through its parents: no stray roots.
			for (Span span : trace) {
				Span current = span;
				int hops = 0;
				while (!current.parentSpanId().equals(sent.parentSpanId()) && hops++ < 50) {
					String parent = current.parentSpanId();
					current = trace.stream().filter((s) -> s.spanId().equals(parent)).findFirst().orElseThrow(
							() -> new AssertionError("span " + span.name() + " has a parent outside its trace"));
				}
				assertThat(current.parentSpanId()).isEqualTo(sent.parentSpanId());
			}
		}
	}

}
