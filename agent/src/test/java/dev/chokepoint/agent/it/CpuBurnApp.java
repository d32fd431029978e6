package dev.chokepoint.agent.it;

/**
 * Burns CPU on two threads until killed, so that a CPU quota below one core throttles it.
 * Prints {@code ready} once burning.
 */
public final class CpuBurnApp {

    private static volatile long sink;

    private CpuBurnApp() {
    }

    public static void main(String[] args) {
        for (int i = 0; i < 2; i++) {
            Thread burner = new Thread(CpuBurnApp::burn, "burner-" + i);
            burner.start();
        }
        System.out.println("ready");
    }

    private static void burn() {
        long x = 1;
        while (true) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            sink = x;
        }
    }
}
