package dev.chokepoint.agent.request;

/**
 * One thread's last lookup in one shared map: the map, the raw key (a request path, an SQL text)
 * and what it found. A thread serving one route or running one statement asks with the same key
 * request after request; comparing it with the last one costs less than hashing it and probing the
 * shared map, whose table lines other cores' writes evict (Tomcat hands over a new path String per
 * request, whose hash is never cached). Used by its own thread only: plain fields suffice.
 */
public final class LastLookup {

    private Object map;
    private String key;
    private Object value;

    /** What {@code key} found in {@code map} the last time this thread asked, or null. */
    public Object get(Object map, String key) {
        return map == this.map && key.equals(this.key) ? value : null;
    }

    /** Remembers what {@code key} found in {@code map}. */
    public void put(Object map, String key, Object value) {
        this.map = map;
        this.key = key;
        this.value = value;
    }
}
