package io.latencylab.lab;

import java.util.List;
import java.util.Map;

/** The figures the studies published, copied from their tables (see ../shared/seeds in the docs). */
final class Published {

	private Published() {
	}

	/** Seed 000, Appendix A: one row of Table A.1 (REST) or A.2 (SOAP). */
	record MealsRow(int users, String region, long requests, long errors, double errorPercent, double responseSeconds,
			double throughput) {
	}

	static final Map<String, List<MealsRow>> SEED_000 = Map.of("rest", List.of(
			new MealsRow(100, "baseline", 3965718, 0, 0, 0.03, 4131),
			new MealsRow(1000, "northeurope", 780674, 0, 0, 1.27, 813),
			new MealsRow(1000, "canada", 867135, 0, 0, 1.14, 903), new MealsRow(1000, "japan", 899296, 0, 0, 1.12, 937),
			new MealsRow(1000, "aggregate", 2547105, 0, 0, 1.17, 2653),
			new MealsRow(2000, "northeurope", 921374, 730, 0.08, 1.89, 960),
			new MealsRow(2000, "canada", 1030305, 729, 0.07, 1.65, 1073),
			new MealsRow(2000, "japan", 1104702, 410, 0.04, 1.74, 1151),
			new MealsRow(2000, "aggregate", 3056381, 1869, 0.06, 1.76, 1061),
			new MealsRow(5000, "northeurope", 487280, 17469, 3.59, 2.97, 508),
			new MealsRow(5000, "canada", 834235, 13068, 1.57, 2.56, 869),
			new MealsRow(5000, "japan", 1228344, 8791, 0.72, 2.48, 1280),
			new MealsRow(5000, "aggregate", 2549859, 39328, 1.54, 2.67, 885)),
			"soap", List.of(new MealsRow(100, "baseline", 1030784, 0, 0, 0.01, 1073.73),
					new MealsRow(1000, "northeurope", 348424, 0, 0, 2.41, 362.94),
					new MealsRow(1000, "canada", 404637, 0, 0, 2.16, 421.5),
					new MealsRow(1000, "japan", 415044, 0, 0, 2.06, 432.34),
					new MealsRow(1000, "aggregate", 1168105, 0, 0, 2.21, 405.59),
					new MealsRow(2000, "northeurope", 235447, 268, 0.11, 6.94, 245.26),
					new MealsRow(2000, "canada", 386606, 127, 0.03, 5.53, 402.72),
					new MealsRow(2000, "japan", 456811, 67, 0.01, 4.9, 475.85),
					new MealsRow(2000, "aggregate", 1078864, 462, 0.04, 5.79, 375.61),
					new MealsRow(5000, "northeurope", 157541, 18507, 11.75, 94.39, 164.11),
					new MealsRow(5000, "canada", 266181, 14201, 5.34, 25.97, 277.27),
					new MealsRow(5000, "japan", 425360, 8530, 2.01, 9.67, 443.08),
					new MealsRow(5000, "aggregate", 849082, 41238, 4.86, 43.34, 294.82)));

	/** Seed 001: average query and buy latency in seconds for 1–5 clients. */
	record ToyStoreRow(int clients, double table1Query, double table1Buy, double table2Query, double table2Buy,
			double table3QueryWithoutContainers) {
	}

	static final List<ToyStoreRow> SEED_001 = List.of(new ToyStoreRow(1, 0.0189, 0.0127, 0.0084, 0.0128, 0.0078),
			new ToyStoreRow(2, 0.0200, 0.0427, 0.0137, 0.0578, 0.0092),
			new ToyStoreRow(3, 0.0210, 0.0732, 0.0191, 0.0703, 0.0136),
			new ToyStoreRow(4, 0.0215, 0.0935, 0.0231, 0.0729, 0.0176),
			new ToyStoreRow(5, 0.0226, 0.1045, 0.0353, 0.0744, 0.0221));

	/** Seed 002, Table 1: maximum Table throughput (ops/s) and the clients at the peak, per entity size. */
	static final Map<String, String[]> SEED_002_TABLE_1 = Map.of("insert",
			new String[] { "2237 (192)", "1706 (192)", "520 (128)", "165 (128)" }, "query",
			new String[] { "1525 (192)", "1011 (192)", "1153 (192)", "1139 (192)" }, "update",
			new String[] { "85 (16)", "52 (8)", "59 (8)", "37 (16)" }, "delete",
			new String[] { "2227 (192)", "1178 (128)", "1281 (192)", "622 (64)" });

	/** Seed 004, Table 1.2: 20,000 integers, bubble sort, 1 vCPU: clients → {mean s, std dev s}. */
	static final Map<Integer, double[]> SEED_004_TABLE_1_2 = Map.of(1, new double[] { 16.059, 0 }, 10,
			new double[] { 103.792, 1.625 }, 20, new double[] { 205.444, 4.881 }, 30, new double[] { 300.890, 12.827 }, 40,
			new double[] { 393.277, 14.598 });

}
