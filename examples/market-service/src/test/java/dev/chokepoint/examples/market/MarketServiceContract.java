package dev.chokepoint.examples.market;

import dev.chokepoint.examples.downstream.DownstreamServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.zip.GZIPInputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/**
 * Every endpoint of the service, served by the real fat-jar stack (embedded Tomcat, HikariCP,
 * a real database, the real downstream service). Subclasses choose the database.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "market.data.stores=3000", "market.data.products=2000", "logging.level.root=warn",
        // 1 ms each, so that every database runs its dialect's in-database wait statement.
        "market.orders.storage-latency-ms=1", "market.ingest.write-stall-ms=1"})
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
abstract class MarketServiceContract {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    static DownstreamServer downstream;

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    static void databaseProperties(DynamicPropertyRegistry registry, TestDatabase database, String schema)
            throws IOException {
        downstream = DownstreamServer.start(0, 4, 5);
        registry.add("market.db.schema", () -> schema);
        registry.add("market.search.remote-url", () -> "http://127.0.0.1:" + downstream.port());
        if (database.profile() != null) {
            registry.add("spring.profiles.active", database::profile);
        }
    }

    @AfterAll
    static void stopDownstream() {
        if (downstream != null) {
            downstream.close();
        }
    }

    @Test
    void productSearchFiltersSortsAndPages() throws Exception {
        JsonNode page = getJson("/products?category=2&minPrice=10&maxPrice=400&page=1&size=5");

        assertThat(page.size()).isEqualTo(5);
        double previous = 10;
        for (JsonNode product : page) {
            assertThat(product.get("category").asInt()).isEqualTo(2);
            assertThat(product.get("price").asDouble()).isBetween(previous, 400.0);
            previous = product.get("price").asDouble();
        }
    }

    @Test
    void storeListIsOnePageOfTheDistrictAndCategoryBestRatedFirst() throws Exception {
        JsonNode page = getJson("/districts/7/stores?category=3&size=10");

        assertThat(page.size()).isBetween(1, 10);
        double previous = Double.MAX_VALUE;
        for (JsonNode store : page) {
            assertThat(store.get("district").asInt()).isEqualTo(7);
            assertThat(store.get("category").asInt()).isEqualTo(3);
            assertThat(store.get("rating").asDouble()).isLessThanOrEqualTo(previous);
            previous = store.get("rating").asDouble();
        }
    }

    @Test
    void anOrderIsWrittenWithItsLinesAndPricedFromTheCatalogue() throws Exception {
        HttpResponse<String> response = send(HttpRequest.newBuilder(uri("/orders"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofFile(loadFile("orders.json"))).build());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        long orderId = JSON.readTree(response.body()).get("orderId").asLong();
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM order_lines WHERE order_id = ?", Integer.class, orderId))
                .isEqualTo(3);
        assertThat(jdbc.queryForObject("SELECT total FROM orders WHERE id = ?", Double.class, orderId)).isPositive();
    }

    @Test
    void theMapLayerIsAbout440KilobytesOfGeoJsonServedGzipped() throws Exception {
        HttpResponse<byte[]> response = HTTP.send(HttpRequest.newBuilder(uri("/map/layers/districts"))
                .header("Accept-Encoding", "gzip").build(), HttpResponse.BodyHandlers.ofByteArray());

        assertThat(response.headers().firstValue("Content-Encoding")).contains("gzip");
        byte[] geoJson = new GZIPInputStream(new ByteArrayInputStream(response.body())).readAllBytes();
        assertThat(geoJson.length).isBetween(420 * 1024, 460 * 1024);
        assertThat(response.body().length).isLessThan(geoJson.length / 2);
        assertThat(JSON.readTree(geoJson).get("features").size()).isEqualTo(400);
    }

    @Test
    void ingestedEventsAreQueuedThenWrittenInTheBackground() throws Exception {
        HttpResponse<String> response = send(HttpRequest.newBuilder(uri("/events"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofFile(loadFile("events.json"))).build());

        assertThat(response.statusCode()).isEqualTo(202);
        // The writer thread drains the backlog asynchronously: poll with a deadline.
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(jdbc.queryForObject(
                "SELECT COUNT(*) FROM ingest_batches WHERE events = 375", Integer.class)).isPositive());
    }

    @Test
    void searchAsksTheRemoteEmbeddingServiceThenListsThatCategory() throws Exception {
        JsonNode result = getJson("/search?q=trail+bike");

        assertThat(result.get("query").asString()).isEqualTo("trail bike");
        int category = result.get("category").asInt();
        assertThat(result.get("products").size()).isEqualTo(10);
        result.get("products").forEach(p -> assertThat(p.get("category").asInt()).isEqualTo(category));
    }

    @Test
    void aQuoteIsTheCataloguePriceTimesTheSuppliersMarkup() throws Exception {
        JsonNode quote = getJson("/quotes?product=42");

        assertThat(quote.get("productId").asLong()).isEqualTo(42);
        assertThat(quote.get("markup").asDouble()).isBetween(1.05, 1.11);
        assertThat(quote.get("price").asDouble())
                .isCloseTo(quote.get("listPrice").asDouble() * quote.get("markup").asDouble(), within(0.01));
    }

    @Test
    void aQuoteForAnUnknownProductIsABadRequest() throws Exception {
        HttpResponse<String> response = send(HttpRequest.newBuilder(uri("/quotes?product=999999")).build());

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("no product 999999");
    }

    @Test
    void aPageSizeOutOfRangeIsABadRequestNamingTheLimit() throws Exception {
        HttpResponse<String> response = send(HttpRequest.newBuilder(uri("/products?size=500")).build());

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("size must be 1..100");
    }

    @Test
    void actuatorServesHikariAndRequestSeriesForPrometheus() throws Exception {
        getJson("/products?size=1");
        HttpResponse<String> response = send(HttpRequest.newBuilder(uri("/actuator/prometheus")).build());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("hikaricp_connections_active{pool=\"market\"}")
                .contains("http_server_requests_seconds_count{");
    }

    private JsonNode getJson(String path) throws Exception {
        HttpResponse<String> response = send(HttpRequest.newBuilder(uri(path)).build());
        assertThat(response.statusCode()).as(path + " -> " + response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private HttpResponse<String> send(HttpRequest request) throws Exception {
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    static Path loadFile(String name) {
        Path file = Path.of("..", "load", name);
        assertThat(Files.isRegularFile(file)).as(file + " exists").isTrue();
        return file;
    }
}
