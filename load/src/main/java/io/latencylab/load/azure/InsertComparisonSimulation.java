package io.latencylab.load.azure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import io.latencylab.load.LabHttp;
import io.latencylab.load.LoadRecorder;
import io.latencylab.load.PlainHttp;
import io.latencylab.load.Rounds;
import io.latencylab.observability.Request;
import io.latencylab.plan.Operation;
import io.latencylab.plan.Parameters;
import io.latencylab.plan.Targets;

import static io.gatling.javaapi.core.CoreDsl.ByteArrayBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

/**
 * Seed 002's Table 2 (see {@link InsertComparison}): for each size and number of clients, a round
 * of table inserts, then one of blob inserts, each client inserting lab.inserts.per-client back to
 * back on a connection of its own. Before the step, each size's table is made afresh and its blob
 * container emptied (not measured); with lab.inserts.store=azure, on an Azure Storage account's
 * blob and table services instead ({@link AzureInserts}). Prints blob's inserts a second a client over table's.
 */
public class InsertComparisonSimulation extends Simulation {

	private static final String WARM_UP = "warm-up";

	final Parameters parameters = Parameters.fromSystem();

	final InsertComparison load = InsertComparison.from(this.parameters);

	final LoadRecorder recorder = new LoadRecorder("insert-comparison", this.parameters);

	final String store = Targets.url(this.parameters, Targets.OBJECTS);

	final Map<Integer, EntityOperations> tables = new TreeMap<>();

	/** With lab.inserts.store=azure: each size's container and table on the account, instead of the lab's stores. */
	final List<AzureInserts> azure = new ArrayList<>();

	{
		String tablesUrl = Targets.url(this.parameters, Targets.TABLES);
		List<PopulationBuilder> rounds = new ArrayList<>();
		List<ChainBuilder> warmUp = new ArrayList<>();
		for (int kb : this.load.sizesKb()) {
			Function<String, ChainBuilder> tableInsert;
			Function<String, ChainBuilder> blobInsert;
			if (this.load.onAzure()) {
				AzureInserts azure = new AzureInserts(StorageAccount.from(this.parameters), kb);
				this.azure.add(azure);
				tableInsert = (group) -> azure.tableInsert(this.recorder, group);
				blobInsert = (group) -> azure.blobInsert(this.recorder, group);
			}
			else {
				EntityOperations table = new EntityOperations(tablesUrl, Operation.ENTITY_INSERT, kb * 1024,
						"seed002inserts" + kb + "kb");
				this.tables.put(kb, table);
				byte[] blob = new byte[kb * 1024];
				new SplittableRandom(kb).nextBytes(blob);
				String url = this.store + InsertComparison.container(kb) + "/";
				tableInsert = (group) -> table.chain(this.recorder, group);
				blobInsert = (group) -> blobInsert(group, url, blob);
			}
			warmUp.add(tableInsert.apply(WARM_UP));
			warmUp.add(blobInsert.apply(WARM_UP));
			for (int clients : this.load.levels()) {
				String tableGroup = InsertComparison.group("table", kb, clients);
				rounds.add(scenario(tableGroup).repeat(this.load.perClient())
					.on(tableInsert.apply(tableGroup))
					.injectOpen(atOnceUsers(clients)));
				String blobGroup = InsertComparison.group("blob", kb, clients);
				rounds.add(scenario(blobGroup).repeat(this.load.perClient())
					.on(blobInsert.apply(blobGroup))
					.injectOpen(atOnceUsers(clients)));
			}
		}
		// Both stores' insert paths JIT-compiled before the first round: recorded as "warm-up", not measured.
		long measured = 2L * this.load.sizesKb().size() * this.load.perClient()
				* this.load.levels().stream().mapToInt(Integer::intValue).sum();
		int warmUpInserts = (int) Math.clamp(measured / 4, 200, 2000);
		rounds.addFirst(scenario(WARM_UP).repeat(Math.max(1, warmUpInserts / warmUp.size())).on(exec(warmUp)).injectOpen(atOnceUsers(1)));
		setUp(Rounds.inSequence(rounds)).protocols(http.disableCaching());
	}

	private ChainBuilder blobInsert(String group, String url, byte[] blob) {
		return exec((session) -> session.set("blob", UUID.randomUUID().toString()))
			.exec(LabHttp.call(this.recorder, group, http(group).put(url + "#{blob}").body(ByteArrayBody(blob))
				.header("Content-Type", "application/octet-stream"), 201));
	}

	/** Each size's table made afresh and its container emptied: every insert makes something new. */
	@Override
	public void before() {
		this.azure.forEach(AzureInserts::setUp);
		HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
		this.tables.forEach((kb, table) -> {
			table.setUp();
			String container = this.store + InsertComparison.container(kb);
			PlainHttp.send(client, "PUT", container, new byte[0]);
			PlainHttp.empty(client, container);
		});
	}

	@Override
	public void after() {
		Path csv = this.recorder.finish().resolveSibling("requests.csv");
		try {
			System.out.printf(Locale.ROOT, "%nBlob against table insert (seed 002, Table 2)%n%6s %8s %14s %14s %12s %8s%n", "KB",
					"clients", "blob /s/client", "table /s/client", "blob/table", "errors");
			for (InsertComparison.Cell cell : InsertComparison.measure(Request.read(csv))) {
				System.out.printf(Locale.ROOT, "%6d %8d %14.1f %14.1f %11.2fx %8d%n", cell.kb(), cell.clients(),
						cell.blob().perClientPerSec(), cell.table().perClientPerSec(), cell.ratio(),
						cell.blob().errors() + cell.table().errors());
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
