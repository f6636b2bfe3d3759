package io.latencylab.lab.study;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import io.latencylab.lab.deploy.BackingSystem;

import org.springframework.beans.BeanUtils;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AssignableTypeFilter;
import org.springframework.util.ClassUtils;

/** Every study, found in this package's subpackages: adding a study is adding its package. */
public final class Studies {

	private static final List<Study> ALL = scan();

	private Studies() {
	}

	/** The tour first, then the seeds in order. */
	public static List<Study> all() {
		return ALL;
	}

	/** The tour: a short visit to every study (its seed "all"), what a new user runs first. */
	public static Study tour() {
		return ALL.stream().filter((s) -> s.seed().equals("all")).findFirst().orElseThrow();
	}

	/** Every study's systems, for the deployments the lab starts. */
	public static List<BackingSystem.Kind> systems() {
		return ALL.stream().flatMap((study) -> study.systems().stream()).toList();
	}

	public static Optional<Study> named(String name) {
		return ALL.stream().filter((s) -> s.name().equals(name)).findFirst();
	}

	private static List<Study> scan() {
		ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
		scanner.addIncludeFilter(new AssignableTypeFilter(Study.class));
		return scanner.findCandidateComponents(Studies.class.getPackageName())
			.stream()
			.map((candidate) -> (Study) BeanUtils.instantiateClass(
					ClassUtils.resolveClassName(candidate.getBeanClassName(), Studies.class.getClassLoader())))
			.sorted(Comparator.comparing((Study s) -> !s.seed().equals("all")).thenComparing(Study::seed))
			.toList();
	}

}
