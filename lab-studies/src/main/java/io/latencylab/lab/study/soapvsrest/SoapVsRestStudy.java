package io.latencylab.lab.study.soapvsrest;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.net.Geography;
import io.latencylab.lab.net.Geography.Place;
import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.study.Published;
import io.latencylab.lab.study.Study;
import io.latencylab.load.meals.MealsLoad;
import io.latencylab.plan.JMeterLoad;
import io.latencylab.plan.Operation;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;
import io.latencylab.plan.WarmUp;


/** Seed 000: SOAP vs REST meals services under the study's load plans, in-region and from three regions. */
public final class SoapVsRestStudy implements Study {

	static final Published PUBLISHED = Published.of(SoapVsRestStudy.class);

	/** The study's server and its clients' regions, where Azure places them (latitude, longitude, as `az account list-locations` gives them). */
	static final Place SERVER = new Place("Australia East", -33.86, 151.2094);

	static final Map<String, Place> CLIENTS = Map.of("northeurope", new Place("North Europe", 53.3478, -6.2597), "canada",
			new Place("Canada Central", 43.653, -79.383), "japan", new Place("Japan East", 35.68, 139.77));

	@Override
	public Map<String, Duration> regionRoundTrips() {
		Map<String, Duration> roundTrips = new LinkedHashMap<>();
		for (String region : MealsLoad.STUDY_REGIONS) {
			roundTrips.put(region, Geography.floorRoundTrip(CLIENTS.get(region), SERVER));
		}
		return roundTrips;
	}

	@Override
	public String regionSource() {
		return "the floor of each region's round trip to Australia East: twice the great-circle distance between the Azure "
				+ "regions' published coordinates (az account list-locations) at 200 km/ms, light in fibre; measured "
				+ "Internet round trips between continents run 1.5 to 3 times this floor (arXiv 2301.07788)";
	}

	@Override
	public About about() {
		return new About("seed-000", "000", PUBLISHED.paper(),
				"SOAP vs REST meals: the study's mixes and a matched mix in-region, then three regions");
	}

	/** The study's own load plans for JMeter, written here (not the authors' files): load-jmeter/plans. */
	static final Map<String, String> JMETER_PLANS = Map.of("soap", "load-jmeter/plans/seed-000-soap.jmx", "rest",
			"load-jmeter/plans/seed-000-rest.jmx");

	static final String JMETER = "jmeter";

	/** wrk, sending the study's plans on one connection a user ({@link OutsideLoad#MIX}). */
	static final String WRK = "wrk";

	@Override
	public List<String> generators() {
		return List.of(GATLING, JMETER, WRK);
	}

	@Override
	public Plan plan(boolean full) {
		return plan(full, List.of(GATLING));
	}

	@Override
	public Plan plan(boolean full, List<String> generators) {
		checkGenerators(generators);
		List<Step> steps = new ArrayList<>();
		// The study's Table 2.1: the baseline 100 users in-region, 5 min ramp, 30 min; at laptop
		// scale 20 users, 5 s ramp, 20 s.
		int users = full ? 100 : 20;
		Duration ramp = full ? Duration.ofMinutes(5) : Duration.ofSeconds(5);
		Duration duration = full ? Duration.ofMinutes(30) : Duration.ofSeconds(20);
		// The study's own plans, by each generator asked for, one after the other on the same services.
		for (String generator : generators) {
			for (String protocol : List.of("soap", "rest")) {
				Step gatling = MealsLoad.baseline("meals-" + protocol + "-study", protocol, "study", users, ramp, duration);
				steps.add(switch (generator) {
					case JMETER -> Plan.compared(throughJMeter(gatling, protocol, users, ramp, duration), "meals-study-jmeter");
					case WRK -> Plan.compared(throughWrk(gatling, protocol, users, ramp, duration), "meals-study-wrk");
					default -> Plan.compared(gatling, "meals-study");
				});
			}
		}
		for (String protocol : List.of("soap", "rest")) {
			steps.add(Plan.compared(MealsLoad.baseline("meals-" + protocol + "-matched", protocol, "matched", users, ramp,
					duration), "meals-matched"));
		}
		// Table 2.1: 1000, 2000 and 5000 users from each of North Europe, Canada and Japan, 5 min
		// ramps, 30, 20 and 20 min, North Europe starting 2 minutes later. At laptop scale one level,
		// 10 users a region.
		for (int regionUsers : full ? List.of(1000, 2000, 5000) : List.of(10)) {
			for (String protocol : List.of("soap", "rest")) {
				steps.add(Plan.compared(full
						? MealsLoad.regions(protocol, regionUsers, Duration.ofMinutes(5), Duration.ofMinutes(2),
								Duration.ofMinutes(regionUsers == 1000 ? 30 : 20))
						: MealsLoad.regions(protocol, regionUsers, Duration.ofSeconds(5), Duration.ofSeconds(2), Duration.ofSeconds(20)),
						"regions-" + regionUsers));
			}
		}
		// Every path the study's plans take warmed up, not only the gets, at the users its plans run
		// with: the first generator's turn would otherwise run on colder code than the next one's.
		return new Plan(name(), seed(), full, WarmUp.step(List.of(WarmUp.Target.of(Operation.SOAP_STUDY, users),
				WarmUp.Target.of(Operation.REST_STUDY, users), WarmUp.Target.of(Operation.SOAP_GET, 1),
				WarmUp.Target.of(Operation.REST_GET, 1)), full), steps);
	}

	/**
	 * The baseline step sent by JMeter on the study's plan for {@code protocol}: the same users, ramp
	 * and duration, and the meals parameters the report reads, as the Gatling step has.
	 */
	static Step throughJMeter(Step gatling, String protocol, int users, Duration ramp, Duration duration) {
		return new JMeterLoad(JMETER_PLANS.get(protocol), protocol.equals("rest") ? Targets.MEALS_REST : Targets.MEALS_SOAP,
				users, ramp, duration).step(gatling.name() + "-jmeter")
			.setAll(gatling.properties())
			.set(JMeterLoad.POPULATION, "baseline")
			.lasting(gatling.estimate());
	}

	/**
	 * The baseline step sent by wrk: a connection a user, all open from the start (wrk has no ramp),
	 * for the Gatling step's whole time, ramp included.
	 */
	static Step throughWrk(Step gatling, String protocol, int users, Duration ramp, Duration duration) {
		OutsideLoad wrk = new OutsideLoad(protocol.equals("rest") ? Operation.REST_GET : Operation.SOAP_GET,
				ramp.plus(duration), "seed-000-" + protocol, users);
		String name = gatling.name() + "-wrk";
		return Step.of(name, OutsideLoad.CLIENT)
			.setAll(wrk.step(name).properties())
			.set(MealsLoad.PROTOCOL, protocol)
			.lasting(gatling.estimate());
	}

	@Override
	public void report(RunData run, ReportDocument doc, Path charts) throws IOException {
		SoapVsRestReport.write(run, doc, charts);
	}

}
