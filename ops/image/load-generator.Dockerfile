# The load generator's image: the load module (its classes and the jars Maven resolved for it) on a
# JRE, for injectors that run as pods (an indexed Job; see docs/deploying.md). Built from the host's
# build, as the services' are: ./mvnw -DskipTests package, then docker compose build load-generator.
# Each pod waits to be driven: the lab starts one Gatling JVM in it over kubectl exec
# (java -cp /app/classes:/app/lib/* io.latencylab.load.Injector) and fetches its results back.
ARG JAVA_VERSION=21
FROM eclipse-temurin:${JAVA_VERSION}-jre
RUN useradd --system --uid 10001 --create-home --home-dir /home/lab --shell /bin/bash lab
COPY load/target/lib/ /app/lib/
COPY load/target/classes/ /app/classes/
USER lab
# The runner's files (the lab's CA, each step's results) go under here, as under an ssh user's home.
WORKDIR /home/lab
CMD ["sh", "-c", "trap 'exit 0' TERM; sleep infinity & wait"]
