package se.urval.cluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.opensearch.analysis.common.CommonAnalysisPlugin;
import org.opensearch.cluster.service.ClusterService;
import org.opensearch.common.logging.LogConfigurator;
import org.opensearch.common.settings.Settings;
import org.opensearch.env.Environment;
import org.opensearch.index.mapper.MapperExtrasPlugin;
import org.opensearch.index.reindex.ReindexPlugin;
import org.opensearch.join.ParentJoinPlugin;
import org.opensearch.node.InternalSettingsPreparer;
import org.opensearch.node.Node;
import org.opensearch.painless.PainlessPlugin;
import org.opensearch.percolator.PercolatorPlugin;
import org.opensearch.plugins.Plugin;
import org.opensearch.search.aggregations.matrix.MatrixAggregationPlugin;
import org.opensearch.transport.Netty4Plugin;

/**
 * One OpenSearch 2.19 node in this JVM, on loopback, with the modules Urval relies on loaded from the classpath.
 *
 * <p>Arguments are {@code key=value} node settings (path.home, node.name, http.port, transport.port, cluster.name,
 * discovery settings ...), written by scripts/cluster/cluster.ts. The node runs until the JVM is told to stop
 * (SIGTERM or SIGINT): the shutdown hook closes it so its data folder is left consistent.
 */
public final class UrvalNode {
    /** The modules a node needs for Urval (scripts/cluster/modules.ts checks them with _cat/plugins). */
    static final List<Class<? extends Plugin>> MODULES = List.of(
        Netty4Plugin.class,
        CommonAnalysisPlugin.class,
        MapperExtrasPlugin.class,
        PercolatorPlugin.class,
        ParentJoinPlugin.class,
        ReindexPlugin.class,
        MatrixAggregationPlugin.class,
        PainlessPlugin.class);

    /** Node's plugin-taking constructor is protected; the node id listener needs the launcher's bootstrap. */
    static final class ModuleNode extends Node {
        ModuleNode(Environment environment, Collection<Class<? extends Plugin>> modules) {
            super(environment, modules, true);
        }

        @Override
        protected void configureNodeAndClusterIdStateListener(ClusterService clusterService) {
            // The launcher's listener only sets logging context, which this node does not use.
        }
    }

    private UrvalNode() {}

    public static void main(String[] args) throws Exception {
        Settings.Builder builder = Settings.builder()
            .put("network.host", "127.0.0.1")
            .put("cluster.routing.allocation.disk.threshold_enabled", false)
            .put("bootstrap.memory_lock", false);
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                System.err.println("urval-node: expected key=value, got " + arg);
                System.exit(2);
            }
            builder.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        Settings settings = builder.build();
        Path home = Path.of(settings.get("path.home"));
        Path config = home.resolve("config");
        for (String dir : List.of("config", "modules", "plugins", "data", "logs")) {
            Files.createDirectories(home.resolve(dir));
        }
        String nodeName = settings.get("node.name", "urval-node");
        Environment environment = InternalSettingsPreparer.prepareEnvironment(settings, Map.of(), config, () -> nodeName);
        LogConfigurator.configureWithoutConfig(environment.settings());

        Node node = new ModuleNode(environment, new ArrayList<>(MODULES));
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                node.close();
                node.awaitClose(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                System.err.println("urval-node: close failed: " + e);
            } finally {
                stopped.countDown();
            }
        }, "urval-node-shutdown"));
        node.start();
        System.out.println("urval-node: started " + nodeName + " http.port=" + settings.get("http.port"));
        stopped.await();
    }
}
