import com.sun.tools.attach.VirtualMachine;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Reads a running JVM's own accounting through the JDK attach API and the platform MBeans, for
 * examples/bench/overhead.sh (run as a single-file program: {@code java JvmProbe.java PID MODE}).
 * <ul>
 *   <li>{@code alloc}: bytes allocated so far, summed over live threads, one line
 *       "threadId=bytes" per thread, so that the caller can subtract a snapshot taken before the
 *       load by thread (Java 17 has no total that covers threads that already ended; Tomcat
 *       workers live on between the two snapshots, so the requests' allocations are counted).</li>
 *   <li>{@code footprint}: after a full GC, "heapUsed=… nonHeapUsed=… threads=…".</li>
 * </ul>
 * The local management agent it starts is the same in every configuration compared.
 */
public class JvmProbe {
    public static void main(String[] args) throws Exception {
        if (args.length != 2 || !(args[1].equals("alloc") || args[1].equals("footprint"))) {
            System.err.println("usage: java JvmProbe.java PID alloc|footprint");
            System.exit(2);
        }
        VirtualMachine vm = VirtualMachine.attach(args[0]);
        String address;
        try {
            address = vm.startLocalManagementAgent();
        } finally {
            vm.detach();
        }
        try (JMXConnector jmx = JMXConnectorFactory.connect(new JMXServiceURL(address))) {
            MBeanServerConnection server = jmx.getMBeanServerConnection();
            if (args[1].equals("alloc")) {
                com.sun.management.ThreadMXBean threads = ManagementFactory.newPlatformMXBeanProxy(server,
                        ManagementFactory.THREAD_MXBEAN_NAME, com.sun.management.ThreadMXBean.class);
                long[] ids = threads.getAllThreadIds();
                long[] bytes = threads.getThreadAllocatedBytes(ids);
                StringBuilder out = new StringBuilder();
                for (int i = 0; i < ids.length; i++) {
                    if (bytes[i] >= 0) {
                        out.append(ids[i]).append('=').append(bytes[i]).append('\n');
                    }
                }
                System.out.print(out);
            } else {
                MemoryMXBean memory = ManagementFactory.newPlatformMXBeanProxy(server,
                        ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class);
                memory.gc();
                int threads = ManagementFactory.newPlatformMXBeanProxy(server,
                        ManagementFactory.THREAD_MXBEAN_NAME, java.lang.management.ThreadMXBean.class).getThreadCount();
                System.out.println("heapUsed=" + memory.getHeapMemoryUsage().getUsed()
                        + " nonHeapUsed=" + memory.getNonHeapMemoryUsage().getUsed() + " threads=" + threads);
            }
        }
    }
}
