package dev.chokepoint.agent.outbound;

import dev.chokepoint.agent.wait.StackSites;

import java.util.List;

/**
 * Names a pool by where the application created it: the {@code class.method} of the first
 * application frame below the pool's constructor (the wait meters' {@code site} rule,
 * {@link StackSites#site}), e.g. {@code com.example.SearchClient.<init>}.
 *
 * <p>Why a site and not the pool's identity: it means something in a report ("the pool of
 * SearchClient"), it is the same from one run to the next, and a pool the application re-creates
 * at the same place gets the same series rather than a new one each time. A pool made by a
 * framework alone (Spring Boot's auto-configured client) is named by the framework's frame.
 */
final class CreationSite {

    /** Deep enough for a pool made inside a framework's bean factory; the site is near the top. */
    private static final int MAX_FRAMES = 96;
    private static final String AGENT = "dev.chokepoint.agent.";
    /** The agent's test services play the application, as in {@link StackSites}. */
    private static final String AGENT_TEST_APPS = "dev.chokepoint.agent.it.";

    private CreationSite() {
    }

    /** The site of the pool whose constructor is running on this thread now. */
    static String here(List<String> libraryPackages) {
        List<StackSites.Frame> frames = StackWalker.getInstance().walk(stack -> stack
                .limit(MAX_FRAMES)
                .map(frame -> new StackSites.Frame(frame.getClassName(), frame.getMethodName()))
                .toList());
        return of(frames, libraryPackages);
    }

    /**
     * The site in {@code frames} (top first): the agent's frames and the library's own (the pool's
     * constructors, the library's builders) are dropped from the top, then the site rule applies.
     */
    static String of(List<StackSites.Frame> frames, List<String> libraryPackages) {
        int first = 0;
        while (first < frames.size() && isOwnOrLibrary(frames.get(first).type(), libraryPackages)) {
            first++;
        }
        return StackSites.site(frames.subList(first, frames.size()));
    }

    private static boolean isOwnOrLibrary(String type, List<String> libraryPackages) {
        if (type.startsWith(AGENT) && !type.startsWith(AGENT_TEST_APPS)) {
            return true;
        }
        for (String prefix : libraryPackages) {
            if (type.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
