package dev.chokepoint.examples.market;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.boot.web.server.context.WebServerPortFileWriter;

/**
 * The service under test. Which bottleneck it shows is chosen by a Spring profile (cpu, pool,
 * held-connection, slow-query, heap, workers, downstream, cpu-quota, headroom, lock, heap-death,
 * executor, redis, http-pool, object-pool, vt-bulkhead) and the database by another (postgres,
 * the default; mariadb; h2), never by editing code.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class MarketApplication {

    public static void main(String[] args) {
        SpringApplication application = new SpringApplication(MarketApplication.class);
        // run-scenario.sh starts the service on port 0 and reads the bound port from this file.
        application.addListeners(new WebServerPortFileWriter(System.getProperty("market.port-file", "application.port")));
        application.run(args);
    }
}
