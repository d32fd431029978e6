package dev.chokepoint.examples.market.stores;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/** Store list per district and category (the map app's side panel). */
@RestController
public class StoreController {

    private static final int MAX_PAGE_SIZE = 100;

    private final StoreRepository stores;

    public StoreController(StoreRepository stores) {
        this.stores = stores;
    }

    @GetMapping("/districts/{district}/stores")
    public List<Store> list(@PathVariable int district,
                            @RequestParam int category,
                            @RequestParam(defaultValue = "0") int page,
                            @RequestParam(defaultValue = "20") int size) {
        if (page < 0 || size < 1 || size > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("page must be >= 0 and size 1.." + MAX_PAGE_SIZE
                    + ", got page " + page + ", size " + size);
        }
        return stores.page(district, category, page, size);
    }
}
