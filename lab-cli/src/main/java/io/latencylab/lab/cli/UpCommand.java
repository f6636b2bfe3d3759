package io.latencylab.lab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.deploy.ExternalDeployment;
import io.latencylab.lab.deploy.PortHolders;
import io.latencylab.plan.Services;
import io.latencylab.plan.Step;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "up", mixinStandardHelpOptions = true,
		description = "Start the lab and wait until every service is ready. Default: bare JVMs on the embedded "
				+ "defaults (H2 files in ./data, spans in runs/services/traces); --compose: docker compose.")
final class UpCommand implements Callable<Integer> {

	@CommandLine.Spec
	CommandLine.Model.CommandSpec spec;

	@CommandLine.Mixin
	DeploymentOptions options = new DeploymentOptions();

	@CommandLine.Mixin
	JvmStartOption jvmStart = new JvmStartOption();

	@Option(names = "--inject", paramLabel = "POINT=DELAY",
			description = "Inject latency at a point, e.g. catalog-before-commit=50ms or order-before-catalog=20ms-40ms; "
					+ "under compose the catalog and order containers are recreated with it, and without it by the next up.")
	List<String> injections = new ArrayList<>();

	@Option(names = "--warm", description = "Once up, warm it until steady, as ./lab warm does (its options below).")
	boolean warm;

	@CommandLine.Mixin
	WarmOptions warmOptions = new WarmOptions();

	@Override
	public Integer call() throws Exception {
		Injections.check(this.injections, this.spec.commandLine());
		if (!this.warm && this.warmOptions.given()) {
			throw new CommandLine.ParameterException(this.spec.commandLine(),
					"--study, --targets, --warm-cap, --window and --max-windows go with --warm");
		}
		Deployment deployment = this.jvmStart.apply(this.options.deployment(), this.spec.commandLine());
		Step warmUp = this.warm ? this.warmOptions.warmUp(this.spec.commandLine(), deployment::starts) : null;
		boolean external = deployment instanceof ExternalDeployment;
		return upThenWarm(deployment, this.injections, !external && !deployment.isUp(), () -> {
			if (external) {
				System.out.println("Every service of " + deployment.topology().name() + " is ready:");
				deployment.topology().services().forEach((name, endpoint) -> System.out.printf(Locale.ROOT,
						"  %-17s %s%s%n", name, endpoint.http(), endpoint.grpc().map((g) -> "   (gRPC " + g + ")").orElse("")));
			}
			else {
				System.out.print(endpoints(deployment.services(), deployment::starts, this.options.stopWith()));
			}
			// Up stays up when the warm-up does not settle: the table says how far it got.
			return (warmUp == null) ? 0 : WarmCommand.warm(deployment, warmUp, this.options);
		}, System.err);
	}

	/**
	 * Starts the lab, then does what follows (the endpoints, the warm-up). A lab that did not come up
	 * whole, or whose warm-up failed, is not left running: what this command started, it stops. A
	 * warm-up that ran but did not settle is not a failure; its exit code says so.
	 */
	static int upThenWarm(Deployment deployment, List<String> injections, boolean wasDown, Callable<Integer> then,
			PrintStream err) throws Exception {
		try {
			deployment.up(injections);
		}
		catch (PortHolders.HeldPorts refused) {
			throw refused;
		}
		catch (Exception ex) {
			stopIfStarted(deployment, wasDown, "Not every service came up", err);
			throw ex;
		}
		try {
			return then.call();
		}
		catch (Exception ex) {
			stopIfStarted(deployment, wasDown, "The warm-up failed (" + ex + ")", err);
			throw ex;
		}
	}

	private static void stopIfStarted(Deployment deployment, boolean wasDown, String why, PrintStream err)
			throws IOException, InterruptedException {
		if (wasDown) {
			err.println(why + ": stopping the lab again");
			deployment.down();
		}
	}

	/** Where each service up started answers, a line or two each, and how to stop the lab. */
	static String endpoints(Services s, Predicate<String> started, String stopWith) {
		String host = "http://127.0.0.1:";
		StringBuilder text = new StringBuilder("\n");
		if (started.test("meals-soap")) {
			int port = s.named("meals-soap").httpPort();
			text.append(String.format(Locale.ROOT, "SOAP meals:  %1$s%2$d/ws   (WSDL %1$s%2$d/ws/meals.wsdl)%n", host, port));
		}
		if (started.test("meals-rest")) {
			text.append(String.format(Locale.ROOT, "REST meals:  %s%d/rest%n", host, s.named("meals-rest").httpPort()));
		}
		if (started.test("sort-service")) {
			text.append(String.format(Locale.ROOT, "Sort:        %s%d/sort?algorithm=quick%n", host,
					s.named("sort-service").httpPort()));
		}
		if (started.test("frontend-service")) {
			text.append(String.format(Locale.ROOT, "Toy store:   %s%d/products/Tux   (catalog gRPC :%d, order gRPC :%d)%n", host,
					s.named("frontend-service").httpPort(), s.named("catalog-service").grpcPort().orElseThrow(),
					s.named("order-service").grpcPort().orElseThrow()));
		}
		if (started.test("table-service")) {
			text.append(String.format(Locale.ROOT, "Tables:      %s%d/tables/<table>/entities/<partition key>/<row key>%n",
					host, s.named("table-service").httpPort()));
		}
		if (started.test("object-store")) {
			text.append(String.format(Locale.ROOT, """
					Objects:     %s%d/v1/<account>/<container>/<object>   (through the cache: port %d;
					             HTTPS with data/tls/ca.crt: store %d, through the cache %d)
					""", host, s.named("object-store").httpPort(), s.port("OBJECT_CACHE_PORT"),
					s.port("OBJECT_STORE_TLS_PORT"), s.port("OBJECT_CACHE_TLS_PORT")));
		}
		return text.append(String.format(Locale.ROOT, "Stop with:   ./lab down%s%n", stopWith)).toString();
	}

}
