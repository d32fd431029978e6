package dev.chokepoint.agent.outbound.commonspool2;

/**
 * An object pool's numbers as plain numbers, so that the meters never see a library type; each
 * reading is {@code NaN} when the pool cannot tell (collected, closed, changed shape), never throws.
 */
public interface ObjectPoolView {

    /** Objects borrowed and not yet returned. */
    double active();

    double idle();

    /** Threads blocked waiting to borrow. */
    double waiters();

    /** The most objects the pool makes; {@code NaN} when it has no limit. */
    double max();

    /** The mean time of the pool's last borrows (commons-pool2 keeps the last 100). */
    double meanBorrowWaitMillis();

    /** The longest borrow since the pool was made. */
    double maxBorrowWaitMillis();

    /** What the pool makes, as commons-pool2 says it ({@code com.example.ConnectionFactory<com.example.Connection>}). */
    String factoryType();
}
