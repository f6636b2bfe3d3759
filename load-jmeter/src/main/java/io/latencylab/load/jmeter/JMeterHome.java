package io.latencylab.load.jmeter;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter's home folder, made from Maven Central alone: the bin/ folder of the ApacheJMeter_config
 * jar (jmeter.properties, saveservice.properties, upgrade.properties, log4j2.xml, …) unpacked
 * into a folder, which JMeter then reads as a downloaded JMeter would read its own.
 */
final class JMeterHome {

	static final String PROPERTIES = "bin/jmeter.properties";

	private JMeterHome() {
	}

	/**
	 * Unpacks bin/ into {@code home}. Touches no JMeter class, so that logging can be pointed at
	 * the unpacked log4j2.xml before JMeter's first log line.
	 */
	static Path unpack(Path home) throws IOException {
		URL properties = JMeterHome.class.getClassLoader().getResource(PROPERTIES);
		if (properties == null) {
			throw new IllegalStateException("ApacheJMeter_config is not on the classpath: no " + PROPERTIES);
		}
		JarURLConnection connection = (JarURLConnection) properties.openConnection();
		connection.setUseCaches(false);
		try (JarFile jar = connection.getJarFile()) {
			Enumeration<JarEntry> entries = jar.entries();
			while (entries.hasMoreElements()) {
				JarEntry entry = entries.nextElement();
				if (!entry.getName().startsWith("bin/") || entry.isDirectory()) {
					continue;
				}
				Path file = home.resolve(entry.getName()).normalize();
				if (!file.startsWith(home)) {
					continue;
				}
				Files.createDirectories(file.getParent());
				try (InputStream in = jar.getInputStream(entry)) {
					Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
				}
			}
		}
		return home;
	}

	/** Points JMeter at an unpacked home and reads its properties; call before JMeter reads a plan. */
	static void use(Path home) {
		JMeterUtils.setJMeterHome(home.toAbsolutePath().toString());
		JMeterUtils.loadJMeterProperties(home.resolve(PROPERTIES).toAbsolutePath().toString());
		JMeterUtils.initLocale();
	}

}
