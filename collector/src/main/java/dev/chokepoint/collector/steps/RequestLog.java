package dev.chokepoint.collector.steps;

import java.io.IOException;

/** A load tool's output file, replayed as request observations (it may be read more than once). */
interface RequestLog {

    void replay(RequestObserver observer) throws IOException, StepsException;
}
