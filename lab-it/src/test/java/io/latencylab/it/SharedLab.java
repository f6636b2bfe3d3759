package io.latencylab.it;

import java.io.IOException;
import java.io.UncheckedIOException;

import io.latencylab.it.LabProcesses.Service;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One lab for every test that takes it as a parameter ({@code @ExtendWith(SharedLab.class)}, a
 * {@link LabProcesses} argument): the toy store, the sort service and the object store, started
 * once on the first test that asks and stopped when the whole run ends (JUnit closes the root
 * store's values). As a user's lab runs: one set of JVMs that test after test warms further, where
 * each test used to wait some 35 s on two cores for a toy store of its own.
 * <p>
 * What a test on it may not assume: a fresh database. Stock and order numbers are whatever earlier
 * tests left (each test reads them before it acts), and a test that sets an injection clears it
 * when it ends, passing or failing.
 */
final class SharedLab implements ParameterResolver {

	static final Service[] SERVICES = { Service.CATALOG, Service.ORDER, Service.FRONTEND, Service.SORT, Service.OBJECT_STORE };

	@Override
	public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
		return parameter.getParameter().getType() == LabProcesses.class;
	}

	@Override
	public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
		return context.getRoot()
			.getStore(Namespace.create(SharedLab.class))
			.computeIfAbsent(LabProcesses.class, (key) -> start(), LabProcesses.class);
	}

	private static LabProcesses start() {
		try {
			LabProcesses lab = new LabProcesses();
			try {
				return lab.start(SERVICES);
			}
			catch (Exception ex) {
				lab.close();
				throw ex;
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (Exception ex) {
			throw new IllegalStateException("the shared lab did not start: " + ex.getMessage(), ex);
		}
	}

}
