package dev.chokepoint.examples.market.ranking;

import org.springframework.context.annotation.Profile;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.Map;

/** Top sellers for the shop's front page, from Redis (the redis scenario's endpoint). */
@RestController
@Profile("redis")
public class RankingController {

    private final SellerRanking ranking;

    public RankingController(SellerRanking ranking) {
        this.ranking = ranking;
    }

    @GetMapping("/rankings/sellers")
    public Map<String, List<String>> topSellers() {
        return Map.of("top", ranking.top());
    }
}
