package dev.chokepoint.examples.market.data;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import javax.sql.DataSource;

@Configuration(proxyBeanMethods = false)
class DataConfiguration {

    @Bean
    SqlDialect sqlDialect(DataSource dataSource) {
        return SqlDialect.of(dataSource);
    }
}
