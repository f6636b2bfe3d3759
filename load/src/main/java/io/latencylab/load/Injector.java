package io.latencylab.load;

import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.gatling.app.Gatling$;
import io.latencylab.plan.InjectorAnswer;
import io.latencylab.plan.InjectorCommand;
import io.latencylab.plan.InjectorProgress;

/**
 * A long-lived load generator: one JVM for every step of a lab run, so that only the first step
 * (the warm-up) pays for a cold JVM, its class loading and its JIT compiling, on the cores the
 * services need. It reads one step a line on standard input ({@link InjectorCommand}: JSON of the
 * step's system properties, Gatling's arguments and its log file); runs Gatling with them,
 * everything printed going to the log; and answers on standard output ({@link InjectorAnswer}:
 * "exit N cpu S started T", N being Gatling's exit code, S its own CPU seconds so far, T when the
 * step's load started), and while the step runs its counts so far each second ({@link InjectorProgress}).
 * It says "ready" once, before the first step, so that a runner splitting a
 * step over several generators knows when they can all be given one instant to start at.
 */
public final class Injector {

	private Injector() {
	}

	/**
	 * Where System.out and System.err write, switched from step to step. Installed once: Gatling's
	 * console and its logging keep the stream they first saw, so that stream must stay.
	 */
	static final class Switch extends OutputStream {

		private volatile OutputStream target;

		Switch(OutputStream target) {
			this.target = target;
		}

		OutputStream to(OutputStream next) throws IOException {
			OutputStream previous = this.target;
			previous.flush();
			this.target = next;
			return previous;
		}

		@Override
		public void write(int b) throws IOException {
			this.target.write(b);
		}

		@Override
		public void write(byte[] b, int off, int len) throws IOException {
			this.target.write(b, off, len);
		}

		@Override
		public void flush() throws IOException {
			this.target.flush();
		}

	}

	/**
	 * The step's counts so far on the answers' stream, each tick: where the runner cannot read the
	 * step's requests.csv while it runs (the generator is on another host or in a pod), it shows these.
	 * None is printed once closed, so none of a step follows its answer.
	 */
	static final class ProgressLines implements AutoCloseable {

		private final PrintStream answers;

		private final InjectorProgress before = LoadRecorder.recordedSoFar();

		private final ScheduledFuture<?> ticks;

		private boolean closed;

		ProgressLines(PrintStream answers, ScheduledExecutorService clock, Duration tick) {
			this.answers = answers;
			this.ticks = clock.scheduleAtFixedRate(this::tick, tick.toMillis(), tick.toMillis(), TimeUnit.MILLISECONDS);
		}

		private synchronized void tick() {
			if (!this.closed) {
				InjectorProgress now = LoadRecorder.recordedSoFar();
				this.answers.println(
						new InjectorProgress(now.requests() - this.before.requests(), now.errors() - this.before.errors()).line());
				this.answers.flush();
			}
		}

		@Override
		public synchronized void close() {
			this.closed = true;
			this.ticks.cancel(false);
		}

	}

	public static void main(String[] args) throws Exception {
		PrintStream answers = System.out;
		Switch output = new Switch(System.err);
		PrintStream printed = new PrintStream(output, true, StandardCharsets.UTF_8);
		System.setOut(printed);
		System.setErr(printed);
		BufferedReader steps = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
		ScheduledExecutorService clock = Executors
			.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("injector-progress").factory());
		answers.println(InjectorAnswer.READY);
		answers.flush();
		List<String> previous = new ArrayList<>();
		for (String line = steps.readLine(); line != null; line = steps.readLine()) {
			if (line.isBlank()) {
				continue;
			}
			InjectorCommand step = InjectorCommand.parse(line);
			// One step's properties never reach the next.
			previous.forEach(System::clearProperty);
			previous.clear();
			step.properties().forEach((name, value) -> {
				System.setProperty(name, value);
				previous.add(name);
			});
			List<String> gatlingArgs = step.args();
			int exit;
			// On an ssh host the step's folder may not exist yet.
			Path logFile = Path.of(step.log());
			if (logFile.getParent() != null) {
				Files.createDirectories(logFile.getParent());
			}
			long startedAt;
			try (FileOutputStream log = new FileOutputStream(logFile.toFile(), true)) {
				OutputStream outside = output.to(log);
				try (ProgressLines progress = new ProgressLines(answers, clock, Duration.ofSeconds(1))) {
					// Every generator of a split step waits for the one instant the runner gave them all.
					long wait = step.startAt() - System.currentTimeMillis();
					if (wait > 0) {
						Thread.sleep(wait);
					}
					startedAt = System.currentTimeMillis();
					exit = Gatling$.MODULE$.fromArgs(gatlingArgs.toArray(String[]::new));
				}
				catch (Throwable ex) {
					ex.printStackTrace(printed);
					exit = 1;
					startedAt = 0;
				}
				finally {
					printed.flush();
					output.to(outside);
				}
			}
			// Its own CPU so far: where the generator runs on another host, the runner cannot read it.
			double cpu = ProcessHandle.current().info().totalCpuDuration().map((d) -> d.toNanos() / 1e9).orElse(-1.0);
			answers.println(new InjectorAnswer(exit, cpu, startedAt).line());
			answers.flush();
		}
	}

}
